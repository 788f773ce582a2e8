// 'Cetak Struk': the receipts of one order or of every order of a slot (in the sheet's order),
// shaped for app/lib/receipt.ts. Staff only.
import { asc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import type { SlotDelivery } from "~/lib/delivery-sheet";
import { formatDateWithDay } from "~/lib/dates";
import { orderGrandTotal, shortOrderId } from "~/lib/orders";
import { amountDue } from "~/lib/payments";
import type { ReceiptInput } from "~/lib/receipt";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import { paymentMethodLabel } from "~/lib/vocab/payment-methods";
import { paymentStatusLabel } from "~/lib/vocab/payment-statuses";
import { isUuid } from "~/lib/form";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { loadSlotInvoices } from "../delivery/sheet.server";
import { adminItemColumns, adminOrderColumns } from "./columns.server";

type ReceiptOrder = {
  id: string;
  recipientName: string;
  deliveryDate: string;
  deliverySlot: string;
  deliveryTime: string;
  totalAmount: number;
  deliveryFee: number | null;
  balanceApplied: number;
  paymentMethod: string | null;
  paymentStatus: string;
  items: ReceiptInput["items"];
};

function receiptOf(order: ReceiptOrder, shop: { name: string; appUrl: string }): ReceiptInput {
  return {
    shopName: shop.name,
    shortId: shortOrderId(order.id),
    deliveryText: `${formatDateWithDay(order.deliveryDate)} · ${slotLabel(order.deliverySlot, order.deliveryTime)}`,
    recipientName: order.recipientName,
    items: order.items,
    deliveryFee: order.deliveryFee,
    balanceApplied: order.balanceApplied,
    grandTotal: orderGrandTotal(order.totalAmount, order.deliveryFee),
    amountDue: amountDue(order),
    paymentText: `${paymentMethodLabel(order.paymentMethod)} · ${paymentStatusLabel(order.paymentStatus)}`,
    orderUrl: `${shop.appUrl}/orders/${order.id}`,
  };
}

/** One order's receipt, or null for an order that does not exist. */
export async function loadOrderReceipt(
  db: Queryable,
  actor: AdminActor,
  orderId: string,
  shop: { name: string; appUrl: string },
): Promise<ReceiptInput | null> {
  assertAdmin(actor);
  if (!isUuid(orderId)) return null;
  const [order] = await db.select(adminOrderColumns).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db
    .select(adminItemColumns)
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return receiptOf({ ...order, items }, shop);
}

/** Every receipt of a slot's orders (cancelled ones left out), in the delivery sheet's order. */
export async function loadSlotReceipts(
  db: Queryable,
  actor: AdminActor,
  slot: SlotDelivery,
  shop: { name: string; appUrl: string },
): Promise<ReceiptInput[]> {
  const invoices = await loadSlotInvoices(db, actor, slot);
  return invoices.map((order) => receiptOf(order, shop));
}

/**
 * The QR printed under the totals: the order's page on the shop's public address, as an SVG
 * drawn on the server (the receipt needs no script). Black on white, level M, the 4-module
 * quiet zone scanners expect; the page sizes it to the roll.
 */
export function receiptQrSvg(orderUrl: string): Promise<string> {
  return QRCode.toString(orderUrl, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000", light: "#ffffff" },
  });
}
