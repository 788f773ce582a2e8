// Where an order's payment stands, apart from the order's own status, and the arithmetic of
// what is due: the 'Total akhir' less the 'Saldo' taken into the bill. Pure: shared by the
// pages, the invoice, the CSV and the server that records payments.
import { formatRupiah } from "./money";
import { orderGrandTotal } from "./orders";

/** What the customer pays for an order: its grand total less the balance taken into it. */
export function amountDue(order: { totalAmount: number; deliveryFee: number | null; balanceApplied: number }): number {
  return orderGrandTotal(order.totalAmount, order.deliveryFee) - order.balanceApplied;
}

/**
 * How much of a balance goes into a bill of `grandTotal`: a debt (negative) all of it; a
 * credit up to the bill, the rest waits for the next order.
 */
export function balanceToApply(balance: number, grandTotal: number): number {
  if (balance <= 0) return balance;
  return Math.min(balance, Math.max(grandTotal, 0));
}

/** '+Rp 2.000' for a credit, '−Rp 2.000' for a debt: how 'Saldo' reads on every page. */
export function signedRupiah(amount: number): string {
  if (amount === 0) return formatRupiah(0);
  return `${amount > 0 ? "+" : "−"}${formatRupiah(Math.abs(amount))}`;
}

/** The words for a balance: what the shop owes the customer, or what the customer owes. */
export function balanceText(balance: number): string {
  if (balance > 0) return `${formatRupiah(balance)} (lebih bayar, dipotong dari tagihan berikutnya)`;
  if (balance < 0) return `${formatRupiah(-balance)} (kurang bayar, ditambahkan ke tagihan berikutnya)`;
  return formatRupiah(0);
}

/** A received amount as staff type it ("37000", "37.000", "Rp 37.000"), or null. */
export function parseRupiahInput(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^rp\.?/i, "")
    .replace(/[\s.]/g, "");
  if (!/^\d{1,10}$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value <= 2_000_000_000 ? value : null;
}

export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const REJECT_REASON_MAX = 200;
