// The customer's 'Saldo': what the shop owes them (positive) or they owe (negative), kept as
// entries beside the orders that made them. Read and moved here; payments and cancelled bills
// move it inside their own transactions, with the balance locked.
import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { balanceEntries } from "~/db/schema";
import { balanceMoveRefusal } from "~/lib/payments";

/** A payment or balance change refused with a message; the transaction it is thrown in stores nothing. */
export class PaymentRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * Refuses (throws `PaymentRefused`) a move of the customer's balance that would take it out of
 * range. Call with the balance locked.
 */
export async function assertBalanceMove(tx: Queryable, userId: string, delta: number, field?: string) {
  const refusal = balanceMoveRefusal(await customerBalance(tx, userId), delta);
  if (refusal) throw new PaymentRefused(409, refusal, field);
}

/** The customer's balance: positive when the shop owes them, negative when they owe. */
export async function customerBalance(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    // Added up as bigint: a sum of integers may pass what an integer holds, and reading it must never fail.
    .select({ total: sql<number>`coalesce(sum(${balanceEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(balanceEntries)
    .where(eq(balanceEntries.userId, userId));
  return row?.total ?? 0;
}

/** The balance's entries, newest first, with the order each belongs to. */
export async function listBalanceEntries(db: Queryable, userId: string, limit = 20) {
  return db
    .select({
      id: balanceEntries.id,
      orderId: balanceEntries.orderId,
      kind: balanceEntries.kind,
      amount: balanceEntries.amount,
      description: balanceEntries.description,
      createdAt: balanceEntries.createdAt,
    })
    .from(balanceEntries)
    .where(eq(balanceEntries.userId, userId))
    .orderBy(desc(balanceEntries.createdAt), desc(balanceEntries.id))
    .limit(limit);
}

export async function lockBalance(tx: Queryable, userId: string) {
  // One writer of a customer's balance at a time: two bills never take the same credit.
  await tx.execute(sql`select pg_advisory_xact_lock(7206, hashtext(${userId}))`);
}

/** The customer's balance for their profile; `userId` is the signed-in customer. */
export async function loadCustomerBalance(db: Queryable, userId: string) {
  const [balance, entries] = await Promise.all([customerBalance(db, userId), listBalanceEntries(db, userId, 10)]);
  return { balance, entries };
}
