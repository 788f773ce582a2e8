// What an order notice remembers of its order: read inside the transaction that changed it,
// so the snapshot is what the change made true.
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, users } from "~/db/schema";
import { transferAmountOf } from "../payments/transfer-code.server";
import type { OrderSnapshot } from "./kinds.server";

export async function loadOrderSnapshot(
  db: Queryable,
  orderId: string,
): Promise<{ snapshot: OrderSnapshot; userId: string } | null> {
  const [order] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      customerName: users.name,
      customerEmail: users.email,
      customerPhone: orders.recipientPhone,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      totalAmount: orders.totalAmount,
      deliveryFee: orders.deliveryFee,
      deliveryDate: orders.deliveryDate,
      deliverySlot: orders.deliverySlot,
      deliveryTime: orders.deliveryTime,
      recipientAddress: orders.recipientAddress,
      balanceApplied: orders.balanceApplied,
      promoCode: orders.promoCode,
      promoTerms: orders.promoTerms,
      promoDiscount: orders.promoDiscount,
      promoFeeDiscount: orders.promoFeeDiscount,
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
  const transfer = await transferAmountOf(db, orderId);
  const { userId, ...rest } = order;
  return { snapshot: { ...rest, items, transferAmount: transfer?.amount ?? null }, userId };
}
