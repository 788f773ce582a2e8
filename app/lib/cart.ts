// The cart's rules, shared by the browser's cart and the server's checks. This module is in
// every page's first script (the cart lives in the root), so it holds no validation library:
// reading a stored cart (zod) is in ./cart-storage, which the browser loads after the paint.
import type { CartLine, CartProduct } from "./cart-storage";
import { discountedPrice, formatRupiah } from "./money";
import { correctWeight, formatKg, linePrice, type WeightRules } from "./weight";

export const CART_STORAGE_KEY = "cart";
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 100;
/** A line's 'Catatan' ('potong 4', 'pilih yang matang'). */
export const MAX_LINE_NOTE = 100;
export const SUBSTITUTE_LABELS = {
  allowed: "Boleh diganti produk serupa",
  refused: "Jangan diganti",
} as const;

/** The substitution choice in words; not allowing is the default. */
export function substituteLabel(allowSubstitute: boolean): string {
  return allowSubstitute ? SUBSTITUTE_LABELS.allowed : SUBSTITUTE_LABELS.refused;
}

/** A line note as kept: one line of text, no control characters, at most 100 characters. */
export function cleanLineNote(note: string): string {
  // eslint-disable-next-line no-control-regex
  return note.replace(/[\u0000-\u001f\u007f]+/g, " ").slice(0, MAX_LINE_NOTE);
}

export type { CartLine, CartProduct } from "./cart-storage";

export type CartAction =
  | { type: "add"; product: CartProduct; quantity?: number }
  | { type: "remove"; productId: string }
  | { type: "setQuantity"; productId: string; quantity: number }
  | { type: "setOptions"; productId: string; note?: string; allowSubstitute?: boolean }
  | { type: "clear" }
  | { type: "replace"; lines: CartLine[] }
  /** The stored cart, read once the page is already usable: lines added meanwhile are kept. */
  | { type: "restore"; lines: CartLine[] }
  /** Fresh product data from the server: prices, stock and names may have changed. */
  | { type: "refresh"; products: CartProduct[] };

function clampQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));
}

/** The weighing rules of a cart product, in the shape ~/lib/weight reads. */
export function cartWeightRules(product: CartProduct): WeightRules {
  return { soldByWeight: product.sold_by_weight, weightStep: product.weight_step, weightMin: product.weight_min };
}

/**
 * An amount the product can be bought in: whole units up to the cap, or grams on the
 * product's step, at least its minimum and at most its stock. An amount that cannot be
 * corrected (stock below the minimum) keeps its step so the cart can say 'Stok Habis'.
 */
export function correctQuantity(product: CartProduct, quantity: number): number {
  if (!product.sold_by_weight) return clampQuantity(quantity);
  const rules = cartWeightRules(product);
  return correctWeight(quantity, rules, product.stock) ?? correctWeight(quantity, rules, null) ?? 1;
}

export function cartReducer(lines: CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case "add": {
      const amount = action.quantity ?? 1;
      if (!Number.isFinite(amount) || amount < 1) return lines;
      const existing = lines.find((l) => l.product.id === action.product.id);
      if (existing) {
        return lines.map((l) =>
          l.product.id === action.product.id
            ? { ...l, product: action.product, quantity: correctQuantity(action.product, l.quantity + amount) }
            : l,
        );
      }
      if (lines.length >= MAX_CART_LINES) return lines;
      return [...lines, { product: action.product, quantity: correctQuantity(action.product, amount) }];
    }
    case "remove":
      return lines.filter((l) => l.product.id !== action.productId);
    case "setQuantity":
      if (!Number.isFinite(action.quantity) || action.quantity <= 0) {
        return lines.filter((l) => l.product.id !== action.productId);
      }
      return lines.map((l) =>
        l.product.id === action.productId ? { ...l, quantity: correctQuantity(l.product, action.quantity) } : l,
      );
    case "setOptions":
      return lines.map((l) =>
        l.product.id === action.productId
          ? {
              ...l,
              ...(action.note === undefined ? {} : { note: cleanLineNote(action.note) }),
              ...(action.allowSubstitute === undefined ? {} : { allowSubstitute: action.allowSubstitute }),
            }
          : l,
      );
    case "clear":
      return [];
    case "replace":
      return action.lines;
    case "restore":
      return lines.reduce<CartLine[]>(
        (restored, line) => cartReducer(restored, { type: "add", product: line.product, quantity: line.quantity }),
        action.lines,
      );
    case "refresh": {
      const fresh = new Map(action.products.map((p) => [p.id, p]));
      return lines.map((l) => {
        const product = fresh.get(l.product.id);
        // A product now sold by weight (or with less stock) gets an amount it can be sold in.
        return product ? { ...l, product, quantity: correctQuantity(product, l.quantity) } : l;
      });
    }
  }
}

export function serializeCart(lines: CartLine[]): string {
  return JSON.stringify(lines);
}

/**
 * A change made before the page has read the stored cart, applied straight to the stored text
 * (what `raw` holds) so that it is kept even if the page is left at once. Only the shape the
 * reducer needs is checked here: every read of the stored cart (`parseStoredCart`) checks each
 * line again, and that module is not loaded yet.
 */
export function applyToStoredCart(raw: string | null, action: CartAction): string {
  let data: unknown = null;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = null;
  }
  const stored = (Array.isArray(data) ? data : []).filter(
    (line: unknown): line is CartLine =>
      typeof line === "object" &&
      line !== null &&
      typeof (line as { quantity?: unknown }).quantity === "number" &&
      typeof (line as { product?: { id?: unknown } }).product?.id === "string",
  );
  return serializeCart(cartReducer(stored, action));
}

export function lineUnitPrice(line: CartLine): number {
  return discountedPrice(line.product.price, line.product.discount);
}

/** The line's price: for produce sold by weight an estimate ('perkiraan') until it is weighed. */
export function lineSubtotal(line: CartLine): number {
  return linePrice(lineUnitPrice(line), line.quantity, line.product.sold_by_weight);
}

export function cartTotals(lines: CartLine[]) {
  return {
    totalAmount: lines.reduce((sum, l) => sum + lineSubtotal(l), 0),
    // A weighed line is one item in the badge, whatever it weighs.
    totalItems: lines.reduce((sum, l) => sum + (l.product.sold_by_weight ? 1 : l.quantity), 0),
    hasWeighed: lines.some((l) => l.product.sold_by_weight),
    lineCount: lines.length,
  };
}

/** The amount and price of a line in words: '0,75 kg x Rp48.000/kg' or '2 x Rp4.000'. */
export function describeLineAmount(line: CartLine): string {
  const price = formatRupiah(lineUnitPrice(line));
  return line.product.sold_by_weight ? `${formatKg(line.quantity)} x ${price}/kg` : `${line.quantity} x ${price}`;
}
