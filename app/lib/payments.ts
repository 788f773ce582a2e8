// Where an order's payment stands, apart from the order's own status, and the arithmetic of
// what is due: the 'Total akhir' less the 'Saldo' taken into the bill. Pure: shared by the
// pages, the invoice, the CSV and the server that records payments.
import { formatRupiah, MAX_BALANCE } from "./money";
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

// The largest value a PostgreSQL integer column holds: a single balance entry or a balance taken
// into a bill must fit in one.
const INTEGER_MAX = 2_147_483_647;

/**
 * Why moving a customer's balance of `current` by `delta` is refused, or null when it may be
 * stored. A move that takes the balance past 'MAX_BALANCE' either way is refused, so adding
 * the balance up never overflows; a move back towards the range is always allowed.
 */
export function balanceMoveRefusal(current: number, delta: number): string | null {
  const next = current + delta;
  const outside = Math.abs(next) > MAX_BALANCE && Math.abs(next) > Math.abs(current);
  if (!outside && Math.abs(delta) <= INTEGER_MAX) return null;
  return `Saldo pelanggan akan menjadi ${signedRupiah(next)}, melewati batas ${formatRupiah(MAX_BALANCE)}. Periksa lagi jumlahnya: tidak ada yang disimpan.`;
}

export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const REJECT_REASON_MAX = 200;

/**
 * The address of an order's proof of payment. It carries the proof's time, so a replaced
 * proof has a new address and no browser shows the old image from its cache.
 */
export function paymentProofHref(orderId: string, proofAt: Date | string | null): string {
  const version = proofAt ? new Date(proofAt).getTime() : NaN;
  return `/orders/${orderId}/payment-proof${Number.isFinite(version) ? `?v=${version}` : ""}`;
}
