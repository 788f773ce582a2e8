// The cart's rules (spec section 4), shared by the browser's cart and the server's checks.
// zod/mini: this module is in every page's bundle (the cart lives in the root), and the
// functional API is about a fifth of the size of zod's chainable one.
import * as z from "zod/mini";
import { discountedPrice } from "./money";

export const CART_STORAGE_KEY = "cart";
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 100;

export const cartProductSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  name: z.string().check(z.maxLength(200)),
  price: z.int().check(z.nonnegative(), z.maximum(1_000_000_000)),
  image_url: z.catch(z.nullable(z.string().check(z.maxLength(2000))), null),
  discount: z.catch(z.number().check(z.minimum(0), z.maximum(100)), 0),
  stock: z.catch(z.int(), 0),
  unit: z.catch(z.string().check(z.maxLength(50)), "pcs"),
  slug: z.string().check(z.maxLength(200)),
});

export type CartProduct = z.infer<typeof cartProductSchema>;

const cartLineSchema = z.object({
  product: cartProductSchema,
  quantity: z.int().check(z.minimum(1), z.maximum(MAX_LINE_QUANTITY)),
});

export type CartLine = z.infer<typeof cartLineSchema>;

export type CartAction =
  | { type: "add"; product: CartProduct; quantity?: number }
  | { type: "remove"; productId: string }
  | { type: "setQuantity"; productId: string; quantity: number }
  | { type: "clear" }
  | { type: "replace"; lines: CartLine[] }
  /** Fresh product data from the server: prices, stock and names may have changed. */
  | { type: "refresh"; products: CartProduct[] };

function clampQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));
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
            ? { product: action.product, quantity: clampQuantity(l.quantity + amount) }
            : l,
        );
      }
      if (lines.length >= MAX_CART_LINES) return lines;
      return [...lines, { product: action.product, quantity: clampQuantity(amount) }];
    }
    case "remove":
      return lines.filter((l) => l.product.id !== action.productId);
    case "setQuantity":
      if (!Number.isFinite(action.quantity) || action.quantity <= 0) {
        return lines.filter((l) => l.product.id !== action.productId);
      }
      return lines.map((l) =>
        l.product.id === action.productId ? { ...l, quantity: clampQuantity(action.quantity) } : l,
      );
    case "clear":
      return [];
    case "replace":
      return action.lines;
    case "refresh": {
      const fresh = new Map(action.products.map((p) => [p.id, p]));
      return lines.map((l) => {
        const product = fresh.get(l.product.id);
        return product ? { ...l, product } : l;
      });
    }
  }
}

/** Reads the stored cart; anything malformed is dropped line by line, never thrown. */
export function parseStoredCart(raw: string | null | undefined): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const lines: CartLine[] = [];
  for (const item of data.slice(0, 500)) {
    const parsed = cartLineSchema.safeParse(item);
    if (!parsed.success) continue;
    const line = parsed.data;
    const existing = lines.find((l) => l.product.id === line.product.id);
    if (existing) existing.quantity = clampQuantity(existing.quantity + line.quantity);
    else if (lines.length < MAX_CART_LINES) lines.push(line);
  }
  return lines;
}

export function serializeCart(lines: CartLine[]): string {
  return JSON.stringify(lines);
}

export function lineUnitPrice(line: CartLine): number {
  return discountedPrice(line.product.price, line.product.discount);
}

export function lineSubtotal(line: CartLine): number {
  return lineUnitPrice(line) * line.quantity;
}

export function cartTotals(lines: CartLine[]) {
  return {
    totalAmount: lines.reduce((sum, l) => sum + lineSubtotal(l), 0),
    totalItems: lines.reduce((sum, l) => sum + l.quantity, 0),
    lineCount: lines.length,
  };
}
