// The browser's cart: restored from localStorage ('cart') after hydration, saved on every
// change, kept in step across tabs. All rules live in ~/lib/cart.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { CART_STORAGE_KEY, cartReducer, cartTotals, serializeCart, type CartLine, type CartProduct } from "~/lib/cart";

type CartApi = {
  lines: CartLine[];
  /** False until the stored cart has been read (the server always renders an empty cart). */
  ready: boolean;
  totalAmount: number;
  totalItems: number;
  lineCount: number;
  /** Some line is sold by weight: its total is an estimate until weighed. */
  hasWeighed: boolean;
  add: (product: CartProduct, quantity?: number) => void;
  remove: (productId: string) => void;
  setQuantity: (productId: string, quantity: number) => void;
  /** The line's 'Catatan' and substitution choice. */
  setOptions: (productId: string, options: { note?: string; allowSubstitute?: boolean }) => void;
  clear: () => void;
  refresh: (products: CartProduct[]) => void;
};

const CartContext = createContext<CartApi | null>(null);

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStorage(value: string) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, value);
  } catch {
    // Storage full or blocked (private mode): the cart still works for this visit.
  }
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, dispatch] = useReducer(cartReducer, []);
  const [ready, setReady] = useState(false);
  const lastWritten = useRef<string | null>(null);

  useEffect(() => {
    let active = true;
    let onStorage: ((event: StorageEvent) => void) | undefined;
    // The checks for a stored cart (and zod with them) are fetched now, after hydration:
    // the first paint and the first script need neither.
    void import("~/lib/cart-storage").then(({ parseStoredCart }) => {
      if (!active) return;
      const stored = readStorage();
      // The save below skips writing this same text back: between this read and the
      // render, another tab (or a test) may store a newer cart, which a write of the
      // restored lines would overwrite.
      lastWritten.current = stored;
      // A transition: React renders the cards that read the cart in slices it can pause,
      // instead of one long task that blocks a tap right after the page has hydrated.
      startTransition(() => {
        dispatch({ type: "restore", lines: parseStoredCart(stored) });
        setReady(true);
      });
      onStorage = (event: StorageEvent) => {
        if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
        if (event.newValue === lastWritten.current) return;
        dispatch({ type: "replace", lines: parseStoredCart(event.key === null ? null : event.newValue) });
      };
      window.addEventListener("storage", onStorage);
    });
    return () => {
      active = false;
      if (onStorage) window.removeEventListener("storage", onStorage);
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    const value = serializeCart(lines);
    if (value === lastWritten.current) return; // storage already holds exactly this
    lastWritten.current = value;
    writeStorage(value);
  }, [lines, ready]);

  const add = useCallback((product: CartProduct, quantity = 1) => dispatch({ type: "add", product, quantity }), []);
  const remove = useCallback((productId: string) => dispatch({ type: "remove", productId }), []);
  const setQuantity = useCallback(
    (productId: string, quantity: number) => dispatch({ type: "setQuantity", productId, quantity }),
    [],
  );
  const setOptions = useCallback(
    (productId: string, options: { note?: string; allowSubstitute?: boolean }) =>
      dispatch({ type: "setOptions", productId, ...options }),
    [],
  );
  const clear = useCallback(() => dispatch({ type: "clear" }), []);
  const refresh = useCallback((products: CartProduct[]) => dispatch({ type: "refresh", products }), []);

  const api = useMemo<CartApi>(
    () => ({ lines, ready, ...cartTotals(lines), add, remove, setQuantity, setOptions, clear, refresh }),
    [lines, ready, add, remove, setQuantity, setOptions, clear, refresh],
  );
  return <CartContext.Provider value={api}>{children}</CartContext.Provider>;
}

export function useCart(): CartApi {
  const api = useContext(CartContext);
  if (!api) throw new Error("useCart must be used inside <CartProvider>");
  return api;
}
