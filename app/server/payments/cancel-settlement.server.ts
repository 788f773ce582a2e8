// What a cancelled order does to the money: nothing may vanish with it. Once its bill was final
// it may have taken the customer's 'Saldo' in (a credit off the bill, or an earlier debt added
// to it), and once paid the shop holds the customer's money. Cancelling gives both back to
// 'Saldo', so the customer's balance is what it would have been without the order plus what
// they paid for it, and writes each move in the order's 'Riwayat Perubahan'.
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { balanceEntries } from "~/db/schema";
import { formatRupiah } from "~/lib/money";
import { shortOrderId } from "~/lib/orders";
import { balanceMoveRefusal, signedRupiah } from "~/lib/payments";
import { recordOrderChange } from "../orders/changes.server";
import { customerBalance, lockBalance } from "./balance.server";

type CancelledOrder = {
  id: string;
  userId: string;
  totalAmount: number;
  paymentStatus: string;
  paidAmount: number | null;
};

export type CancelSettlement = {
  /** Given back from the bill: the balance it had taken in (positive: a credit returned). */
  returnedBalance: number;
  /** The part of the payment received that goes to 'Saldo' now (a difference may be there already). */
  paymentToBalance: number;
};

/**
 * The moves a cancel makes, or the refusal when they would take the balance out of range.
 * Reads inside the caller's transaction, with the order row locked; writes nothing.
 */
export async function planCancelSettlement(
  tx: Queryable,
  order: CancelledOrder,
): Promise<{ ok: true; plan: CancelSettlement } | { ok: false; message: string }> {
  await lockBalance(tx, order.userId);
  const sums = await tx
    .select({ kind: balanceEntries.kind, total: sql<number>`sum(${balanceEntries.amount})::bigint`.mapWith(Number) })
    .from(balanceEntries)
    .where(eq(balanceEntries.orderId, order.id))
    .groupBy(balanceEntries.kind);
  const sumOf = (kind: string) => sums.find((s) => s.kind === kind)?.total ?? 0;
  // What the bill took from 'Saldo' is the negative of its 'applied' entries; it all goes back.
  const returnedBalance = -sumOf("applied");
  // A cancelled order costs nothing, so all that was received is the customer's: what its
  // payment entries (a difference settled at the final bill) did not already put in 'Saldo'.
  const received = order.paymentStatus === "paid" ? (order.paidAmount ?? 0) : 0;
  const paymentToBalance = received - sumOf("payment");
  const plan = { returnedBalance, paymentToBalance };
  const delta = returnedBalance + paymentToBalance;
  if (delta !== 0) {
    const refusal =
      balanceMoveRefusal(await customerBalance(tx, order.userId), delta) ??
      balanceMoveRefusal(0, returnedBalance) ??
      balanceMoveRefusal(0, paymentToBalance);
    if (refusal) return { ok: false, message: refusal };
  }
  return { ok: true, plan };
}

/** Writes the planned moves: one 'Saldo' entry and one 'Riwayat Perubahan' line for each. */
export async function writeCancelSettlement(
  tx: Queryable,
  order: CancelledOrder,
  plan: CancelSettlement,
  changedBy: string | null,
): Promise<void> {
  const short = shortOrderId(order.id);
  const moves: { kind: "applied" | "payment"; amount: number; entry: string; line: string }[] = [];
  if (plan.returnedBalance !== 0) {
    const text =
      plan.returnedBalance > 0
        ? `Saldo ${formatRupiah(plan.returnedBalance)} yang dipotong dari tagihan dikembalikan ke Saldo`
        : `kurang bayar ${formatRupiah(-plan.returnedBalance)} yang ditambahkan ke tagihan kembali tercatat di Saldo`;
    moves.push({
      kind: "applied",
      amount: plan.returnedBalance,
      entry: `Pesanan #${short} dibatalkan: ${text}`,
      line: `Pesanan dibatalkan: ${text}`,
    });
  }
  if (plan.paymentToBalance !== 0) {
    const paid = order.paidAmount === null ? "" : ` (diterima ${formatRupiah(order.paidAmount)})`;
    const text = `pembayaran${paid} masuk Saldo: ${signedRupiah(plan.paymentToBalance)}`;
    moves.push({
      kind: "payment",
      amount: plan.paymentToBalance,
      entry: `Pesanan #${short} dibatalkan: ${text}`,
      line: `Pesanan dibatalkan: ${text}`,
    });
  }
  for (const move of moves) {
    await tx.insert(balanceEntries).values({
      userId: order.userId,
      orderId: order.id,
      kind: move.kind,
      amount: move.amount,
      description: move.entry,
      createdBy: changedBy,
      // The real moment: the next bill finds this entry after the last one it took.
      createdAt: sql`clock_timestamp()`,
    });
    await recordOrderChange(tx, order, { kind: "balance", description: move.line, changedBy });
  }
}
