// Reading a cart back from the browser's storage, where anything may have been written (an
// older version of the shop, another tab, a person with the developer tools): each line is
// checked and corrected or dropped. Plain checks rather than zod: this runs on every page
// view in the browser, and zod's core alone would be 15 kB of compressed script on every page
// for one flat record. The server checks every line again at checkout (with zod).
import { cleanLineNote, correctQuantity, MAX_CART_LINES } from "./cart";
import { MAX_LINE_GRAMS } from "./weight";

export type CartProduct = {
  id: string;
  name: string;
  price: number;
  image_url: string | null;
  discount: number;
  stock: number;
  unit: string;
  slug: string;
  /** Absent in carts stored before produce was sold by weight: those are whole units. */
  sold_by_weight: boolean;
  weight_step: number;
  weight_min: number;
};

export type CartLine = {
  product: CartProduct;
  /** Whole units, or grams for a product sold by weight. */
  quantity: number;
  /** Absent in older carts: no note. */
  note?: string;
  /** Absent in older carts: 'Jangan diganti'. */
  allowSubstitute?: boolean;
};

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;
const wholeNumber = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

/** A stored product, or null when a field the cart cannot do without is wrong. */
export function storedCartProduct(value: unknown): CartProduct | null {
  if (!isRecord(value)) return null;
  const { id, name, price, slug } = value;
  if (!text(id, 100) || id.length < 1 || !text(name, 200) || !text(slug, 200)) return null;
  if (!wholeNumber(price, 0, 1_000_000_000)) return null;
  // The rest falls back to a safe default, as older carts lack some of it.
  const discount = value.discount;
  return {
    id,
    name,
    price,
    image_url: value.image_url === null || text(value.image_url, 2000) ? value.image_url : null,
    discount:
      typeof discount === "number" && Number.isFinite(discount) && discount >= 0 && discount <= 100 ? discount : 0,
    stock: Number.isSafeInteger(value.stock) ? (value.stock as number) : 0,
    unit: text(value.unit, 50) ? value.unit : "pcs",
    slug,
    sold_by_weight: typeof value.sold_by_weight === "boolean" ? value.sold_by_weight : false,
    weight_step: wholeNumber(value.weight_step, 1, MAX_LINE_GRAMS) ? value.weight_step : 1,
    weight_min: wholeNumber(value.weight_min, 1, MAX_LINE_GRAMS) ? value.weight_min : 1,
  };
}

function storedCartLine(value: unknown): CartLine | null {
  if (!isRecord(value)) return null;
  const product = storedCartProduct(value.product);
  if (!product || !wholeNumber(value.quantity, 1, MAX_LINE_GRAMS)) return null;
  const line: CartLine = { product, quantity: value.quantity };
  if (value.note !== undefined) line.note = typeof value.note === "string" ? cleanLineNote(value.note) : "";
  if (value.allowSubstitute !== undefined)
    line.allowSubstitute = typeof value.allowSubstitute === "boolean" ? value.allowSubstitute : false;
  return line;
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
    const stored = storedCartLine(item);
    if (!stored) continue;
    // A tampered amount (off the step, under the minimum, over the stock) is corrected here.
    const line = { ...stored, quantity: correctQuantity(stored.product, stored.quantity) };
    const existing = lines.find((l) => l.product.id === line.product.id);
    if (existing) existing.quantity = correctQuantity(existing.product, existing.quantity + line.quantity);
    else if (lines.length < MAX_CART_LINES) lines.push(line);
  }
  return lines;
}
