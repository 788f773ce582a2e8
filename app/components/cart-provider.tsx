// The browser's cart: restored from localStorage ('cart') after hydration, saved on every
// change, kept in step across tabs. A change made before the stored cart has been read goes
// straight into storage too, so a tap followed at once by another page is never lost. All
// rules live in ~/lib/cart.
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
import {
  applyToStoredCart,
  CART_STORAGE_KEY,
  cartReducer,
  cartTotals,
  serializeCart,
  type CartAction,
  type CartLine,
  type CartProduct,
} from "~/lib/cart";

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

function writeStorage(value: string): boolean {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, value);
    return true;
  } catch {
    // Storage full or blocked (private mode): the cart still works for this visit.
    return false;
  }
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, dispatch] = useReducer(cartReducer, []);
  const [ready, setReady] = useState(false);
  const lastWritten = useRef<string | null>(null);
  // Set when the stored cart is read: from then on the save below keeps storage in step.
  const storageRead = useRef(false);
  // Every change before that read is also in storage (false once a write of one failed).
  const earlyChangesStored = useRef(true);

  const change = useCallback((action: CartAction) => {
    dispatch(action);
    if (storageRead.current) return;
    // Written now, merged with what storage holds: the page may be gone before the read.
    if (!writeStorage(applyToStoredCart(readStorage(), action))) earlyChangesStored.current = false;
  }, []);

  useEffect(() => {
    let active = true;
    let onStorage: ((event: StorageEvent) => void) | undefined;
    // The checks for a stored cart (and zod with them) are fetched now, after hydration:
    // the first paint and the first script need neither.
    void import("~/lib/cart-storage").then(({ parseStoredCart }) => {
      if (!active) return;
      const stored = readStorage();
      storageRead.current = true;
      // The save below skips writing this same text back: between this read and the
      // render, another tab (or a test) may store a newer cart, which a write of the
      // restored lines would overwrite.
      lastWritten.current = stored;
      // Taps made before now are in what was just read, unless storage refused them: then
      // they are only on this page and are added to what was read.
      const restore = earlyChangesStored.current ? "replace" : "restore";
      // A transition: React renders the cards that read the cart in slices it can pause,
      // instead of one long task that blocks a tap right after the page has hydrated.
      startTransition(() => {
        dispatch({ type: restore, lines: parseStoredCart(stored) });
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

  const add = useCallback((product: CartProduct, quantity = 1) => change({ type: "add", product, quantity }), [change]);
  const remove = useCallback((productId: string) => change({ type: "remove", productId }), [change]);
  const setQuantity = useCallback(
    (productId: string, quantity: number) => change({ type: "setQuantity", productId, quantity }),
    [change],
  );
  const setOptions = useCallback(
    (productId: string, options: { note?: string; allowSubstitute?: boolean }) =>
      change({ type: "setOptions", productId, ...options }),
    [change],
  );
  const clear = useCallback(() => change({ type: "clear" }), [change]);
  const refresh = useCallback((products: CartProduct[]) => change({ type: "refresh", products }), [change]);

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
