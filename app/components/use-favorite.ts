// A favourite mark kept on this device (local storage); odd stored values count as none.
import { useEffect, useState } from "react";

const FAVORITES_KEY = "favorites";

function readFavorites(): string[] {
  try {
    const list: unknown = JSON.parse(window.localStorage.getItem(FAVORITES_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string").slice(0, 500) : [];
  } catch {
    return [];
  }
}

/** A favourite mark kept on this device only (there is no favourites list on the server). */
export function useFavorite(productId: string): [boolean, () => void] {
  const [favorite, setFavorite] = useState(false);
  useEffect(() => {
    setFavorite(readFavorites().includes(productId));
  }, [productId]);
  const toggle = () => {
    const list = readFavorites().filter((id) => id !== productId);
    const next = !favorite;
    try {
      window.localStorage.setItem(FAVORITES_KEY, JSON.stringify(next ? [...list, productId] : list));
    } catch {
      // Storage blocked: the mark still shows for this visit.
    }
    setFavorite(next);
  };
  return [favorite, toggle];
}
