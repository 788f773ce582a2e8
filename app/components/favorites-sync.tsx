// Mounted once in the shop's frame: hands a visitor's local favourites to the account as soon as
// they are signed in. Most visits have no such list, so the favourites code (favorites.tsx)
// loads only when there is one to hand over, not with every page.
import { useEffect } from "react";
import { FAVORITES_STORAGE_KEY } from "./favorites-key";
import { useVisitor } from "./visitor-provider";

function hasLocalFavorites() {
  try {
    return (window.localStorage.getItem(FAVORITES_STORAGE_KEY) ?? "[]") !== "[]";
  } catch {
    return false;
  }
}

export function FavoritesSync() {
  const { user, known } = useVisitor();
  useEffect(() => {
    if (!known || !user || !hasLocalFavorites()) return;
    void import("./favorites").then((m) => m.handOverLocalFavorites(user.email));
  }, [known, user]);
  return null;
}
