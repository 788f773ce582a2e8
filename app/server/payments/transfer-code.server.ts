// The 'kode unik' of a transfer bill: Rp 1-999 added to (or taken off) the amount due, so that
// every open transfer bill asks for a different amount and a bank statement line names its
// order by the amount alone. The database keeps the amounts of open codes unique (a partial
// unique index), so two checkouts at once can never be handed the same amount.
//
// A code is released by state, in the transaction that changes the order: paid, cancelled
// (`changeOrderStatus`, also for an automatic cancel), re-billed (a new code for the new
// amount) or no longer paid by transfer. Nothing sweeps codes on a timer.
import { and, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, transferCodes } from "~/db/schema";
import type { UniqueCodeMode } from "~/lib/payment-settings";
import { amountDue } from "~/lib/payments";
import { log } from "../logger.server";
import { readShopSettings } from "../settings.server";

export const MIN_CODE = 1;
export const MAX_CODE = 999;

/** What the customer transfers for one bill. */
export type TransferAmount = {
  /** Exactly what to transfer. */
  amount: number;
  code: number;
  /** The bill the code was made for. */
  billAmount: number;
  mode: UniqueCodeMode;
};

export type ReleaseReason = "paid" | "cancelled" | "rebilled" | "not-transfer";

const codeColumns = {
  amount: transferCodes.amount,
  code: transferCodes.code,
  billAmount: transferCodes.billAmount,
  mode: transferCodes.mode,
};

function asTransferAmount(row: { amount: number; code: number; billAmount: number; mode: string }): TransferAmount {
  return { ...row, mode: row.mode === "subtracted" ? "subtracted" : "added" };
}

/** The open code of an order, or null when it has none (not a transfer bill, paid, cancelled ...). */
export async function transferAmountOf(db: Queryable, orderId: string): Promise<TransferAmount | null> {
  const [row] = await db
    .select(codeColumns)
    .from(transferCodes)
    .where(and(eq(transferCodes.orderId, orderId), isNull(transferCodes.releasedAt)));
  return row ? asTransferAmount(row) : null;
}

/** The open amounts to transfer of these orders, by order id. */
export async function openTransferAmounts(db: Queryable, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: transferCodes.orderId, amount: transferCodes.amount })
    .from(transferCodes)
    .where(and(inArray(transferCodes.orderId, orderIds), isNull(transferCodes.releasedAt)));
  return new Map(rows.map((r) => [r.orderId, r.amount]));
}

/** The code the order's payment carried: the one released when it was paid (null if none). */
export async function paidTransferCode(db: Queryable, orderId: string): Promise<TransferAmount | null> {
  const [row] = await db
    .select(codeColumns)
    .from(transferCodes)
    .where(and(eq(transferCodes.orderId, orderId), eq(transferCodes.releaseReason, "paid")))
    .orderBy(desc(transferCodes.releasedAt))
    .limit(1);
  return row ? asTransferAmount(row) : null;
}

/** Releases the order's open code (if any) and returns it. Call inside the transaction that changed the order. */
export async function releaseTransferCode(
  tx: Queryable,
  orderId: string,
  reason: ReleaseReason = "cancelled",
): Promise<TransferAmount | null> {
  const [row] = await tx
    .update(transferCodes)
    .set({ releasedAt: sql`clock_timestamp()`, releaseReason: reason })
    .where(and(eq(transferCodes.orderId, orderId), isNull(transferCodes.releasedAt)))
    .returning(codeColumns);
  return row ? asTransferAmount(row) : null;
}

type CodeState = {
  id: string;
  status: string;
  paymentMethod: string | null;
  paymentStatus: string;
  totalAmount: number;
  deliveryFee: number | null;
  balanceApplied: number;
  billFinalAt: Date | null;
  createdAt: Date;
};

/**
 * Whether the bill is payable by transfer now: a transfer order, not cancelled or paid, with its
 * fee known and either its final bill made or nothing on it to weigh.
 */
async function payableByTransfer(tx: Queryable, order: CodeState): Promise<boolean> {
  if (order.paymentMethod !== "transfer" || order.status === "cancelled" || order.paymentStatus === "paid")
    return false;
  if (order.deliveryFee === null || amountDue(order) <= 0) return false;
  if (order.billFinalAt) return true;
  const [weighed] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.soldByWeight, true)))
    .limit(1);
  return !weighed;
}

function shuffled(values: number[]): number[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Gives the order the code its bill needs now: a new one when it is payable by transfer and has
 * none, or has one made for another amount (the old one released as 're-billed'); releases it
 * when the bill is no longer payable by transfer. Call it, inside the transaction, after any
 * change of the bill, its method or its status; it returns the open code.
 */
export async function syncTransferCode(tx: Queryable, orderId: string): Promise<TransferAmount | null> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      totalAmount: orders.totalAmount,
      deliveryFee: orders.deliveryFee,
      balanceApplied: orders.balanceApplied,
      billFinalAt: orders.billFinalAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const open = await transferAmountOf(tx, orderId);
  if (!(await payableByTransfer(tx, order))) {
    if (open) await releaseTransferCode(tx, orderId, order.paymentStatus === "paid" ? "paid" : "not-transfer");
    return null;
  }
  const due = amountDue(order);
  if (open && open.billAmount === due) return open;
  if (open) await releaseTransferCode(tx, orderId, "rebilled");
  const mode = (await readShopSettings(tx)).values.paymentMethods.uniqueCode;
  return assignTransferCode(tx, { orderId, due, mode, billSentAt: order.billFinalAt ?? order.createdAt });
}

const ATTEMPTS = 40;

/**
 * Inserts a code whose amount no open bill has. The candidates are read first and tried in a
 * random order, so checkouts at once rarely reach for the same one; the unique index decides
 * when they do (an insert that finds the amount taken, even by a transaction not yet
 * committed, waits for it and then inserts nothing, and the next candidate is tried).
 */
async function assignTransferCode(
  tx: Queryable,
  bill: { orderId: string; due: number; mode: UniqueCodeMode; billSentAt: Date },
): Promise<TransferAmount | null> {
  const sign = bill.mode === "subtracted" ? -1 : 1;
  const lowest = bill.due + sign * (sign > 0 ? MIN_CODE : MAX_CODE);
  const highest = bill.due + sign * (sign > 0 ? MAX_CODE : MIN_CODE);
  const taken = await tx
    .select({ amount: transferCodes.amount })
    .from(transferCodes)
    .where(
      and(isNull(transferCodes.releasedAt), gte(transferCodes.amount, lowest), lte(transferCodes.amount, highest)),
    );
  const takenAmounts = new Set(taken.map((t) => t.amount));
  const free: number[] = [];
  for (let code = MIN_CODE; code <= MAX_CODE; code++) {
    const amount = bill.due + sign * code;
    if (amount > 0 && !takenAmounts.has(amount)) free.push(code);
  }
  for (const code of shuffled(free).slice(0, ATTEMPTS)) {
    const [row] = await tx
      .insert(transferCodes)
      .values({
        orderId: bill.orderId,
        code,
        billAmount: bill.due,
        amount: bill.due + sign * code,
        mode: bill.mode,
        billSentAt: bill.billSentAt,
      })
      .onConflictDoNothing()
      .returning(codeColumns);
    if (row) return asTransferAmount(row);
  }
  // A thousand open bills within Rp 999 of each other: the bill goes out without a code and is
  // checked by hand, as every bill was before.
  log.warn("no free transfer code", { orderId: bill.orderId, due: bill.due });
  return null;
}
