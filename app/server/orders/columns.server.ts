// The named column sets of an order: every read of an order row selects one of these (plus
// its page's extras) instead of listing the columns by hand, so a new column is added in one
// place. Also the one lock of an order a change takes before deciding.
import { and, asc, eq, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import type { PromoTerms } from "~/lib/promo";

export type OrderItemRecord = {
  id: string;
  productId: string | null;
  productName: string;
  productUnit: string;
  productImageUrl: string | null;
  /** Whole units, or grams when `soldByWeight`. */
  quantity: number;
  soldByWeight: boolean;
  /** Unit price charged (after discount); per kg when `soldByWeight`. */
  price: number;
  /** The shopper's 'Catatan' for the line, and 'Boleh diganti produk serupa' (true) or 'Jangan diganti'. */
  note: string;
  allowSubstitute: boolean;
  originalPrice: number;
  discount: number;
  /** The line's share of the promo's goods discount. */
  promoShare: number;
};

export type OrderRecord = {
  id: string;
  userId: string;
  status: string;
  totalAmount: number;
  deliveryFee: number | null;
  /** 'area' (the area's rule at checkout), 'staff' (set on the order page), null (CS decides). */
  deliveryFeeSource: string | null;
  deliveryAreaId: string | null;
  deliveryAreaName: string | null;
  /** The area's fee at checkout, before a free-delivery threshold. */
  areaFee: number | null;
  deliverySlot: string;
  deliveryTime: string;
  deliveryDate: string;
  notes: string;
  recipientName: string;
  recipientPhone: string;
  recipientAddress: string;
  /** 'qris' | 'transfer' | 'cod', or null when settled in the chat (orders from before the choice). */
  paymentMethod: string | null;
  createdAt: Date;
  /** The 'Kode Promo' used, its terms at checkout and what it took off the goods and the fee. */
  promoCode: string | null;
  promoTerms: PromoTerms | null;
  promoDiscount: number;
  promoFeeDiscount: number;
  items: OrderItemRecord[];
};

/** The one projection of an order row: every page that shows an order selects these (plus its own extras). */
export const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  status: orders.status,
  totalAmount: orders.totalAmount,
  deliveryFee: orders.deliveryFee,
  deliveryFeeSource: orders.deliveryFeeSource,
  deliveryAreaId: orders.deliveryAreaId,
  deliveryAreaName: orders.deliveryAreaName,
  areaFee: orders.areaFee,
  deliverySlot: orders.deliverySlot,
  deliveryTime: orders.deliveryTime,
  deliveryDate: orders.deliveryDate,
  notes: orders.notes,
  recipientName: orders.recipientName,
  recipientPhone: orders.recipientPhone,
  recipientAddress: orders.recipientAddress,
  paymentMethod: orders.paymentMethod,
  createdAt: orders.createdAt,
  promoCode: orders.promoCode,
  promoTerms: orders.promoTerms,
  promoDiscount: orders.promoDiscount,
  promoFeeDiscount: orders.promoFeeDiscount,
};

/** One line of an order as every page and message shows it. */
export const itemColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  productName: orderItems.productName,
  productUnit: orderItems.productUnit,
  productImageUrl: orderItems.productImageUrl,
  quantity: orderItems.quantity,
  soldByWeight: orderItems.soldByWeight,
  price: orderItems.price,
  note: orderItems.note,
  allowSubstitute: orderItems.allowSubstitute,
  originalPrice: orderItems.originalPrice,
  discount: orderItems.discount,
  promoShare: orderItems.promoShare,
};

/** The items of an order, in the one order every screen and message lists them. */
export async function loadOrderItems(db: Queryable, orderId: string): Promise<OrderItemRecord[]> {
  return db
    .select(itemColumns)
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
}

/** The list line of an order (the customer's lists and the staff dashboard add their own columns). */
export const orderListColumns = {
  id: orders.id,
  status: orders.status,
  totalAmount: orders.totalAmount,
  deliveryFee: orders.deliveryFee,
  createdAt: orders.createdAt,
  deliveryDate: orders.deliveryDate,
  deliveryTime: orders.deliveryTime,
  // Whether the total is final or still 'perkiraan' (see orderTotalSummary).
  billFinal: sql<boolean>`${orders.billFinalAt} is not null`,
};

// The area's id means nothing to staff, and the invoice names no account.
const { deliveryAreaId: _areaId, userId: _userId, ...placedColumns } = orderColumns;

/** One order as staff see it and its invoice prints it: the order page, every invoice of a slot. */
export const adminOrderColumns = {
  ...placedColumns,
  paymentStatus: orders.paymentStatus,
  balanceApplied: orders.balanceApplied,
  paidAmount: orders.paidAmount,
  billFinal: sql<boolean>`${orders.billFinalAt} is not null`,
};

/** One line of an order as staff see it, with its product's page while the product exists (join `products`). */
export const adminItemColumns = { ...itemColumns, productSlug: products.slug };

/**
 * One order at the door, as the delivery sheet and the courier's run show it: who and where,
 * and what is left to collect (`amountToCollect`). Select from `orders`.
 */
export const doorstepColumns = {
  id: orders.id,
  status: orders.status,
  totalAmount: orders.totalAmount,
  deliveryFee: orders.deliveryFee,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  balanceApplied: orders.balanceApplied,
  billFinal: sql<boolean>`${orders.billFinalAt} is not null`,
  deliveryAreaName: orders.deliveryAreaName,
  recipientName: orders.recipientName,
  recipientPhone: orders.recipientPhone,
  recipientAddress: orders.recipientAddress,
  notes: orders.notes,
};

/** How many items an order holds, a weighed line counting as one whatever its grams (select from `orders`). */
export const orderItemCount = sql<number>`(select coalesce(sum(case when oi.sold_by_weight then 1 else oi.quantity end), 0)::int from order_items oi where oi.order_id = "orders"."id")`;

/**
 * What every change of an order decides by: its status, its version (the page it was made
 * on), its money and its bill. Read locked with `lockOrder`.
 */
export const orderStateColumns = {
  id: orders.id,
  userId: orders.userId,
  status: orders.status,
  version: orders.version,
  totalAmount: orders.totalAmount,
  deliveryFee: orders.deliveryFee,
  balanceApplied: orders.balanceApplied,
  billFinalAt: orders.billFinalAt,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  paidAmount: orders.paidAmount,
  promoId: orders.promoId,
  promoFeeDiscount: orders.promoFeeDiscount,
};

export type OrderState = {
  id: string;
  userId: string;
  status: string;
  version: number;
  totalAmount: number;
  deliveryFee: number | null;
  balanceApplied: number;
  billFinalAt: Date | null;
  paymentMethod: string | null;
  paymentStatus: string;
  paidAmount: number | null;
  promoId: string | null;
  /** What the order's 'gratis ongkir' takes off `deliveryFee` (already taken). */
  promoFeeDiscount: number;
};

/**
 * The order's state, its row locked until the transaction ends: every change of an order
 * starts here, so two changes of one order wait for each other. `ownerId` limits it to that
 * customer's own order; `also` reads more of the row in the same locked read (a change that
 * decides by where the order goes). Undefined when there is no such order.
 */
export async function lockOrder<Also extends SelectedFields = Record<never, never>>(
  tx: Queryable,
  orderId: string,
  { ownerId, also }: { ownerId?: string; also?: Also } = {},
): Promise<(OrderState & SelectResultFields<Also>) | undefined> {
  const [order] = await tx
    .select({ ...orderStateColumns, ...also })
    .from(orders)
    .where(and(eq(orders.id, orderId), ownerId ? eq(orders.userId, ownerId) : undefined))
    .for("update");
  return order as (OrderState & SelectResultFields<Also>) | undefined;
}
