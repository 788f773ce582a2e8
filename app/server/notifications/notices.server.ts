// "Was the customer told?": the one place that answers it, from the notification events of
// an order (whatever channels carried them), never from a channel's own rows.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "~/db/client.server";
import { notificationEvents } from "~/db/schema";
import type { OrderNoticeKind } from "./kinds.server";

/** When the customer was first told each piece of news about the order. */
export async function orderNotices(db: Queryable, orderId: string): Promise<Partial<Record<OrderNoticeKind, Date>>> {
  const rows = await db
    .select({ kind: notificationEvents.kind, at: notificationEvents.createdAt })
    .from(notificationEvents)
    .where(eq(notificationEvents.orderId, orderId))
    .orderBy(asc(notificationEvents.createdAt));
  const told: Partial<Record<OrderNoticeKind, Date>> = {};
  for (const row of rows) told[row.kind as OrderNoticeKind] ??= row.at;
  return told;
}

/** The same question inside a list's query: whether the order in `orderId` was told `kind`. */
export function orderWasTold(orderId: AnyPgColumn, kind: OrderNoticeKind): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${notificationEvents} where ${and(
    eq(notificationEvents.orderId, orderId),
    eq(notificationEvents.kind, kind),
  )})`;
}
