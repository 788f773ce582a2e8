// The arithmetic of a 'Kode Promo', shared by checkout, the bills and the server that stores
// them: what a code takes off the goods and the fee, and how a discount on the goods is split
// over the lines in whole rupiah so the lines add up to it exactly. Pure, integer rupiah.
import { formatRupiah } from "./money";
import type { PromoKind } from "./vocab/promo-kinds";

/** The terms an order keeps from its promo at checkout (a later edit of the code does not reprice it). */
export type PromoTerms = {
  kind: PromoKind;
  /** Rupiah ('fixed'), percent ('percent') or the most of the fee waived ('free_shipping'). */
  value: number;
  /** The most a 'percent' code takes off; null: no cap. */
  maxDiscount: number | null;
  /** Goods (the fee left out) the code asks for at checkout. */
  minSpend: number;
};

export type PromoAmounts = {
  /** Taken off the goods. */
  goods: number;
  /** Taken off the delivery fee. */
  fee: number;
};

/**
 * What the code takes off `goods` (the lines' total) and `fee` (null while unknown): a fixed
 * amount never more than the goods, a percent rounded down and capped, a waived fee never more
 * than the fee. Never negative.
 */
export function promoAmounts(terms: PromoTerms, goods: number, fee: number | null): PromoAmounts {
  const g = Math.max(0, Math.floor(goods));
  switch (terms.kind) {
    case "fixed":
      return { goods: Math.min(Math.max(0, terms.value), g), fee: 0 };
    case "percent": {
      const percent = Math.min(100, Math.max(0, terms.value));
      const raw = Number((BigInt(g) * BigInt(percent)) / 100n);
      const cap = terms.maxDiscount === null ? raw : Math.max(0, terms.maxDiscount);
      return { goods: Math.min(raw, cap, g), fee: 0 };
    }
    case "free_shipping":
      return { goods: 0, fee: Math.min(Math.max(0, terms.value), Math.max(0, fee ?? 0)) };
  }
}

/**
 * Splits `discount` over lines worth `lineTotals` in proportion, in whole rupiah, by largest
 * remainder (ties to the earlier line): the shares add up to the discount exactly and no share
 * is more than its line. A discount above the lines' total is cut to it.
 */
export function splitDiscount(discount: number, lineTotals: readonly number[]): number[] {
  const totals = lineTotals.map((t) => BigInt(Math.max(0, Math.floor(t))));
  const sum = totals.reduce((a, b) => a + b, 0n);
  const d = BigInt(Math.max(0, Math.floor(discount)));
  const target = d > sum ? sum : d;
  if (sum === 0n) return totals.map(() => 0);
  const shares = totals.map((t) => (target * t) / sum);
  const remainders = totals.map((t, i) => ({ i, r: (target * t) % sum }));
  let left = Number(target - shares.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    if (shares[i] < totals[i]) {
      shares[i] += 1n;
      left -= 1;
    }
  }
  return shares.map(Number);
}

/** How the code reads on a bill: 'Promo HEMAT10 (10%, maks Rp20.000)'. */
export function promoLabel(code: string, terms: PromoTerms): string {
  return `Promo ${code}${promoTermsNote(terms) ? ` (${promoTermsNote(terms)})` : ""}`;
}

/** The terms in a few words: '10%, maks Rp20.000', 'gratis ongkir', ''. */
export function promoTermsNote(terms: PromoTerms): string {
  if (terms.kind === "percent")
    return terms.maxDiscount === null ? `${terms.value}%` : `${terms.value}%, maks ${formatRupiah(terms.maxDiscount)}`;
  if (terms.kind === "free_shipping") return `gratis ongkir s.d. ${formatRupiah(terms.value)}`;
  return "";
}
