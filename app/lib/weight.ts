// Produce sold by weight. Amounts are integer grams from the shelf to the bill: never a
// floating-point kilogram. A weighed product's `price` is per kg, its `stock` is grams, and
// a line's price is the weighed amount times the price per kg, rounded to whole rupiah once.

/** The most one line may weigh (50 kg): more is a typo, not a household order. */
export const MAX_LINE_GRAMS = 50_000;
export const DEFAULT_WEIGHT_STEP_GRAMS = 250;
export const WEIGHED_UNIT = "per kg";
export const WEIGHED_BADGE = "Ditimbang";
export const WEIGHED_NOTE = "Harga akhir mengikuti berat timbangan";

/** The weighing rules of a product; `soldByWeight` false means whole units. */
export type WeightRules = {
  soldByWeight: boolean;
  /** Grams the amount moves by (e.g. 250 for 0,25 kg). */
  weightStep: number;
  /** The smallest amount sold, in grams. */
  weightMin: number;
};

/** Grams in Indonesian notation: 750 -> '0,75 kg', 1000 -> '1 kg', 1250 -> '1,25 kg'. */
export function formatKg(grams: number): string {
  const g = Number.isSafeInteger(grams) ? grams : 0;
  const sign = g < 0 ? "-" : "";
  const abs = Math.abs(g);
  const whole = Math.floor(abs / 1000);
  const fraction = String(abs % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  const wholeText = new Intl.NumberFormat("id-ID").format(whole);
  return `${sign}${wholeText}${fraction ? `,${fraction}` : ""} kg`;
}

/** Grams as a kg field shows them for editing, without the unit: 750 -> '0,75' (what `parseKg` reads back). */
export function kgFieldValue(grams: number): string {
  return formatKg(grams).replace(" kg", "");
}

/**
 * Kilograms as people type them ('0,8', '0.8', '1', '1,25 kg') to integer grams, read from
 * the digits (no floating point); null for anything else or more than three decimals.
 */
export function parseKg(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,3}))?\s*(?:kg)?\s*$/i.exec(text);
  if (!match) return null;
  const grams = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  return grams;
}

/**
 * An amount (a line, a stock, a total) in words, the one formatter for them all: '0,75 kg'
 * for a weighed product; otherwise the number ('3'), followed by `unit` when given ('3 ikat')
 * and with thousands separators when `grouped` ('1.200 ikat', for staff's totals).
 */
export function formatAmount(
  quantity: number,
  rules: { soldByWeight: boolean; unit?: string; grouped?: boolean },
): string {
  if (rules.soldByWeight) return formatKg(quantity);
  const number = rules.grouped ? new Intl.NumberFormat("id-ID").format(quantity) : String(quantity);
  return rules.unit === undefined ? number : `${number} ${rules.unit}`;
}

/**
 * A line's price in whole rupiah: units times the unit price, or grams times the price
 * per kg divided by 1000, rounded half up once. Exact: grams and rupiah are integers well
 * inside 2^53 (50 kg times Rp1.000.000.000 per kg).
 */
export function linePrice(unitPrice: number, quantity: number, soldByWeight: boolean): number {
  if (!soldByWeight) return unitPrice * quantity;
  return Math.floor((unitPrice * quantity + 500) / 1000);
}

/** The total of several lines: the sum of each line's rounded price. */
export function linesTotal(lines: readonly { price: number; quantity: number; soldByWeight?: boolean }[]): number {
  return lines.reduce((sum, l) => sum + linePrice(l.price, l.quantity, l.soldByWeight === true), 0);
}

/** Step and minimum that make sense whatever was stored: a step of at least 1 g, minimum at least one step. */
export function effectiveRules(rules: WeightRules): { step: number; min: number } {
  const step = Number.isSafeInteger(rules.weightStep) && rules.weightStep > 0 ? rules.weightStep : 1;
  const rawMin = Number.isSafeInteger(rules.weightMin) && rules.weightMin > 0 ? rules.weightMin : step;
  // The minimum is itself a multiple of the step, so every allowed amount is.
  const min = Math.max(step, Math.ceil(rawMin / step) * step);
  return { step, min };
}

/** True when `grams` is an amount the product is sold in (a multiple of its step, at least its minimum). */
export function isAllowedWeight(grams: number, rules: WeightRules): boolean {
  const { step, min } = effectiveRules(rules);
  return Number.isSafeInteger(grams) && grams >= min && grams <= MAX_LINE_GRAMS && grams % step === 0;
}

/**
 * The nearest amount the product is sold in that the shop can deliver: down to a multiple
 * of the step, up to the minimum, down to the stock (a multiple of the step). Null when not
 * even the minimum is in stock or the input is not a number of grams.
 */
export function correctWeight(grams: number, rules: WeightRules, stock: number | null): number | null {
  if (!Number.isFinite(grams) || grams <= 0) return null;
  const { step, min } = effectiveRules(rules);
  const ceiling = Math.min(MAX_LINE_GRAMS, stock === null ? MAX_LINE_GRAMS : Math.max(0, Math.floor(stock)));
  const top = Math.floor(ceiling / step) * step;
  if (top < min) return null;
  const snapped = Math.floor(Math.floor(grams) / step) * step;
  return Math.min(top, Math.max(min, snapped));
}

/** The stepper's bounds for a product: whole units 1..max, or grams by the step. */
export function amountBounds(
  rules: WeightRules,
  stock: number,
  maxUnits: number,
): { min: number; step: number; max: number } {
  if (!rules.soldByWeight) return { min: 1, step: 1, max: Math.min(maxUnits, Math.max(1, stock)) };
  const { step, min } = effectiveRules(rules);
  const top = Math.floor(Math.min(MAX_LINE_GRAMS, Math.max(0, stock)) / step) * step;
  return { min, step, max: Math.max(min, top) };
}
