// Money is integer rupiah everywhere; this is the one formatter and the one discount rule.

const rupiah = new Intl.NumberFormat("id-ID", {
  style: "currency",
  currency: "IDR",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/**
 * The most one payment received may be (Rp 1 miliar), and how far a customer's 'Saldo' may
 * go either way. Both keep every stored amount and every sum of them inside a PostgreSQL
 * integer, so a balance never overflows when it is added up.
 */
export const MAX_PAYMENT = 1_000_000_000;
export const MAX_BALANCE = 1_000_000_000;

export function formatRupiah(amount: number): string {
  return rupiah.format(Number.isFinite(amount) ? amount : 0);
}

/** A discount percentage as stored, clamped to 0-100 (empty or odd values count as none). */
export function normalizeDiscount(discount: number | null | undefined): number {
  if (typeof discount !== "number" || !Number.isFinite(discount)) return 0;
  return Math.min(100, Math.max(0, discount));
}

/** The unit price actually charged: the discounted price, rounded to whole rupiah. */
export function discountedPrice(price: number, discount: number | null | undefined): number {
  return Math.round(price * (1 - normalizeDiscount(discount) / 100));
}

export function hasDiscount(discount: number | null | undefined): boolean {
  return normalizeDiscount(discount) > 0;
}
