// The cart's rules (spec section 4), shared by the browser's cart and the server's checks.
import { z } from "zod";
import { discountedPrice } from "./money";

export const CART_STORAGE_KEY = "cart";
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 100;

export const cartProductSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(200),
  price: z.number().int().nonnegative().max(1_000_000_000),
  image_url: z.string().max(2000).nullable().catch(null),
  discount: z.number().min(0).max(100).catch(0),
  stock: z.number().int().catch(0),
  unit: z.string().max(50).catch("pcs"),
  slug: z.string().max(200),
});

export type CartProduct = z.infer<typeof cartProductSchema>;

const cartLineSchema = z.object({
  product: cartProductSchema,
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
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
