// Order e-mails to the customer: loads what the template needs and queues the mail. Call it
// with the transaction of the change it reports, so the mail exists exactly when the change
// does; it never throws and never sends by itself (see mail-queue.server.ts).
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, users } from "~/db/schema";
import { log } from "./logger.server";
import { enqueueMail } from "./mail-queue.server";
import { orderMail, type OrderMailData, type OrderMailKind } from "./mail-templates.server";

export async function loadOrderMailData(db: Queryable, orderId: string): Promise<OrderMailData | null> {
  const [order] = await db
    .select({
      id: orders.id,
      customerName: users.name,
      customerEmail: users.email,
      status: orders.status,
      totalAmount: orders.totalAmount,
      deliveryFee: orders.deliveryFee,
      deliveryDate: orders.deliveryDate,
      deliverySlot: orders.deliverySlot,
      deliveryTime: orders.deliveryTime,
      recipientAddress: orders.recipientAddress,
      balanceApplied: orders.balanceApplied,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select({
      productName: orderItems.productName,
      productUnit: orderItems.productUnit,
      quantity: orderItems.quantity,
      soldByWeight: orderItems.soldByWeight,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return { ...order, items };
}

/**
 * The mails a customer gets at most once per order: a second 'Selesai' after staff undo and
 * redo it, or a second 'sedang diantar' tap, tells the customer nothing new.
 */
const ONCE_PER_ORDER: readonly OrderMailKind[] = ["order-received", "out-for-delivery", "completed"];

/**
 * Queues the customer's mail about `orderId`. `dedupeKey` defaults to one mail per order for
 * the kinds in ONCE_PER_ORDER; a cancellation may repeat (cancelled, restored, cancelled).
 * Returns whether a mail was stored.
 */
export async function queueOrderMail(
  db: Queryable,
  orderId: string,
  kind: OrderMailKind,
  extra: { reason?: string; dedupeKey?: string } = {},
): Promise<boolean> {
  try {
    const order = await db.transaction((sp) => loadOrderMailData(sp, orderId));
    if (!order) return false;
    const dedupeKey = extra.dedupeKey ?? (ONCE_PER_ORDER.includes(kind) ? `${kind}:${orderId}` : undefined);
    return await enqueueMail(db, `order:${kind}`, orderMail(kind, order, extra), { dedupeKey });
  } catch (error) {
    log.error("order mail could not be queued", { orderId, kind, error });
    return false;
  }
}

/** The mail a status change brings, if any. */
export function mailForStatus(status: string): OrderMailKind | null {
  if (status === "completed") return "completed";
  if (status === "cancelled") return "cancelled";
  return null;
}
