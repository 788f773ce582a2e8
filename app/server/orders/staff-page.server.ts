// The staff's order page (/admin/orders/:id) in one call: the order read once through
// `loadOrderView`, what its packing edits offer (the products, the version, the bill to send by
// WhatsApp), its payment and its customer's 'Saldo'.
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products } from "~/db/schema";
import { buildFinalBillMessage } from "~/lib/order-edits";
import { shortOrderId } from "~/lib/orders";
import { paymentInstructionLines } from "~/lib/payment-settings";
import { whatsappNumber } from "~/lib/phone";
import { whatsappHref } from "~/lib/shop";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { mailConfigured } from "../notifications/mail-transport.server";
import { customerBalance } from "../payments/balance.server";
import { adminOrderDetail, loadOrderView, type StaffOrderView } from "./view.server";
import { mergeTargetsOf } from "./merge.server";

/** Active products staff can add or substitute, by name. */
export async function listProductsForOrderEdits(db: Queryable) {
  return db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      discount: products.discount,
      unit: products.unit,
      soldByWeight: products.soldByWeight,
      stock: products.stock,
    })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(sql`lower(${products.name})`));
}

/** Everything the staff order page needs to edit the order and send its bill, from its one read. */
export async function loadOrderEditing(
  db: Queryable,
  actor: AdminActor,
  view: StaffOrderView,
  shop: { name: string; appUrl: string },
) {
  assertAdmin(actor);
  const { order, items, payment, changes } = view;
  const message = buildFinalBillMessage({
    id: order.id,
    recipientName: order.recipientName,
    shopName: shop.name,
    totalAmount: order.totalAmount,
    deliveryFee: order.deliveryFee,
    balanceApplied: order.balanceApplied,
    promoCode: order.promoCode,
    promoTerms: order.promoTerms,
    promoDiscount: order.promoDiscount,
    promoFeeDiscount: order.promoFeeDiscount,
    items,
    paymentLines: paymentInstructionLines(
      view.paymentMethods,
      payment.amountDue,
      order.paymentMethod,
      payment.transfer?.amount ?? null,
    ),
    orderUrl: `${shop.appUrl}/orders/${order.id}`,
  });
  return {
    version: order.version,
    billFinalAt: order.billFinalAt,
    changes,
    products: await listProductsForOrderEdits(db),
    billWhatsappUrl: whatsappHref(whatsappNumber(order.recipientPhone), message),
    mailReady: mailConfigured(),
  };
}

/** Everything the staff's order page shows; null when there is no such order. */
export async function loadStaffOrderPage(
  db: Queryable,
  actor: AdminActor,
  orderId: string,
  shop: { name: string; appUrl: string },
) {
  const view = await loadOrderView(db, { as: "staff", actor }, orderId);
  if (!view) return null;
  const [editing, balance, mergeTargets] = await Promise.all([
    loadOrderEditing(db, actor, view, shop),
    customerBalance(db, view.order.userId),
    mergeTargetsOf(db, view.order),
  ]);
  return {
    order: adminOrderDetail(view, shop.name),
    editing,
    payment: view.payment,
    customerBalance: balance,
    // 'Gabungkan ke #xxxx': the customer's other open orders for the same delivery.
    mergeTargets: mergeTargets.map((t) => ({ ...t, shortId: shortOrderId(t.id) })),
  };
}
