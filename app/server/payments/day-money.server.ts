// The day's money on 'Pembayaran': for the orders delivered that day, what is expected and
// what was received, per way of paying (transfer, QRIS, COD), and the credits on the bank
// statement that day that no order claims yet.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { bankStatementLines, orders } from "~/db/schema";
import { PAYMENT_METHODS, type PaymentMethod } from "~/lib/vocab/payment-methods";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";

export type MethodMoney = { method: PaymentMethod | null; orders: number; expected: number; received: number };

export type DayMoney = {
  date: string;
  methods: MethodMoney[];
  unmatched: { count: number; total: number };
};

export async function loadDayMoney(db: Queryable, actor: AdminActor, date: string): Promise<DayMoney> {
  assertAdmin(actor);
  const [rows, [unmatched]] = await Promise.all([
    db
      .select({
        method: orders.paymentMethod,
        orders: sql<number>`count(*)::int`,
        expected:
          sql<number>`coalesce(sum(${orders.totalAmount} + coalesce(${orders.deliveryFee}, 0) - ${orders.balanceApplied}), 0)::bigint`.mapWith(
            Number,
          ),
        received:
          sql<number>`coalesce(sum(case when ${orders.paymentStatus} = 'paid' then ${orders.paidAmount} else 0 end), 0)::bigint`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(and(eq(orders.deliveryDate, date), ne(orders.status, "cancelled")))
      .groupBy(orders.paymentMethod),
    db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${bankStatementLines.amount}), 0)::bigint`.mapWith(Number),
      })
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.bookedOn, date), eq(bankStatementLines.state, "review"))),
  ]);
  const methods: MethodMoney[] = PAYMENT_METHODS.map((method) => {
    const row = rows.find((r) => r.method === method);
    return { method, orders: row?.orders ?? 0, expected: row?.expected ?? 0, received: row?.received ?? 0 };
  });
  const unset = rows.find((r) => r.method === null);
  if (unset) methods.push({ method: null, orders: unset.orders, expected: unset.expected, received: unset.received });
  return { date, methods, unmatched: { count: unmatched?.count ?? 0, total: unmatched?.total ?? 0 } };
}
