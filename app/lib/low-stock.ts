// 'Batas Stok Menipis': the stock at or below which a product counts as running low, in the
// unit of its stock (whole units, or grams when sold by weight). A product without its own
// limit uses the shop's default: 5 units, or 2 kg of produce sold by weight.
import { parseWholeNumber } from "./number-input";
import { parseKg, formatAmount, kgFieldValue } from "./weight";

export const DEFAULT_LOW_STOCK_UNITS = 5;
export const DEFAULT_LOW_STOCK_GRAMS = 2000;
/** The largest limit staff may set (the same bound as a product's stock). */
export const MAX_LOW_STOCK = 1_000_000;

export function defaultLowStockThreshold(soldByWeight: boolean): number {
  return soldByWeight ? DEFAULT_LOW_STOCK_GRAMS : DEFAULT_LOW_STOCK_UNITS;
}

/** The limit that applies: the product's own, or the default for its kind. */
export function effectiveLowStockThreshold(product: {
  soldByWeight: boolean;
  lowStockThreshold: number | null;
}): number {
  return product.lowStockThreshold ?? defaultLowStockThreshold(product.soldByWeight);
}

export function isLowStock(product: {
  stock: number;
  soldByWeight: boolean;
  lowStockThreshold: number | null;
}): boolean {
  return product.stock <= effectiveLowStockThreshold(product);
}

/** A stock amount as staff read it: '1,25 kg' for produce sold by weight, '3 pcs' otherwise. */
export function formatStockAmount(amount: number, product: { soldByWeight: boolean; unit: string }): string {
  return formatAmount(amount, { soldByWeight: product.soldByWeight, unit: unitWord(product.unit), grouped: true });
}

/** 'per ikat' -> 'ikat', 'pcs' -> 'pcs', 'per 10 butir' -> 'x 10 butir'. */
export function unitWord(unit: string): string {
  const u = unit.trim().replace(/^per\s+/i, "");
  if (u === "") return "pcs";
  return /^\d/.test(u) ? `× ${u}` : u;
}

/**
 * The limit as the product form shows it: empty for the default, kilograms ('1,5') for
 * produce sold by weight, the whole number otherwise.
 */
export function lowStockFormValue(product: { soldByWeight: boolean; lowStockThreshold: number | null }): string {
  if (product.lowStockThreshold === null) return "";
  return product.soldByWeight ? kgFieldValue(product.lowStockThreshold) : String(product.lowStockThreshold);
}

/**
 * The limit typed on the product form, read for the kind of product: kilograms ('2', '1,5')
 * when sold by weight, a whole number of units otherwise. Empty means the default (null).
 */
export function parseLowStockThreshold(
  text: string,
  soldByWeight: boolean,
): { ok: true; value: number | null } | { ok: false; message: string } {
  const t = text.trim();
  if (t === "") return { ok: true, value: null };
  if (soldByWeight) {
    const grams = parseKg(t);
    if (grams === null || grams > MAX_LOW_STOCK)
      return { ok: false, message: "Batas stok menipis untuk produk ditimbang ditulis dalam kg, mis. 2 atau 1,5." };
    return { ok: true, value: grams };
  }
  const parsed = parseWholeNumber(t, "count");
  if (!parsed.ok) return { ok: false, message: "Batas stok menipis harus berupa angka bulat, mis. 5." };
  const units = parsed.value;
  if (units > MAX_LOW_STOCK)
    return { ok: false, message: `Batas stok menipis paling besar ${MAX_LOW_STOCK.toLocaleString("id-ID")}.` };
  return { ok: true, value: units };
}
