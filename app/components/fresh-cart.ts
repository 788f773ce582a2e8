// The one refresh of a cart's products, for /cart and /checkout alike: today's name, price,
// discount and stock of the products in this browser's cart, from GET /api/cart-products
// (getCartProducts on the server), put into the cart so it never shows yesterday's price.
import { useEffect, useMemo, useState } from "react";
import { useCart } from "~/components/cart-provider";
import type { CartProduct } from "~/lib/cart";
import type { CartProductInfo } from "~/lib/catalog";

export const CART_PRODUCTS_ENDPOINT = "/api/cart-products";

export type FreshCart = {
  /** The products the shop still sells, as of the last answer (null before the first). */
  products: CartProductInfo[] | null;
  /** The cart's product ids the last answer was about. */
  asked: string[];
  /** A request is under way. */
  loading: boolean;
};

/**
 * Asks the server for today's data of the cart's products whenever the cart's products
 * change, and again whenever `again` changes (a refused checkout: stock may have moved).
 * Offline or with the server away, the cart keeps showing what it stored.
 */
export function useFreshCart(again?: unknown): FreshCart {
  const { lines, ready, refresh } = useCart();
  const idsKey = useMemo(() => [...new Set(lines.map((l) => l.product.id))].sort().join(","), [lines]);
  const [fresh, setFresh] = useState<Omit<FreshCart, "loading">>({ products: null, asked: [] });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!ready || !idsKey) return;
    const controller = new AbortController();
    setLoading(true);
    fetch(`${CART_PRODUCTS_ENDPOINT}?ids=${encodeURIComponent(idsKey)}`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then((response) =>
        response.ok
          ? (response.json() as Promise<{ products: CartProductInfo[] }>)
          : Promise.reject(new Error(String(response.status))),
      )
      .then(({ products }) => {
        refresh(products.map(({ category: _category, ...product }): CartProduct => product));
        setFresh({ products, asked: idsKey.split(",") });
      })
      .catch(() => {})
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [ready, idsKey, refresh, again]);

  return { ...fresh, loading };
}
