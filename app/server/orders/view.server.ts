// One order as a page shows it, read once: the order row, its lines, its payment, its final
// bill, its 'Riwayat Perubahan' and its status history. Who may read it is checked here, in
// the query itself: a customer reads only their own order, staff any order. The amount due is
// computed here once, and every part of the page takes it from the view.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, orderStatusHistory, products, users } from "~/db/schema";
import { isUuid } from "~/lib/form";
import { isMergedNote, orderTotalSummary } from "~/lib/order-text";
import { orderLineTotal, shortOrderId } from "~/lib/orders";
import type { PaymentMethodsSetting } from "~/lib/payment-settings";
import { amountDue } from "~/lib/payments";
import { normalizeIndonesianPhone, whatsappNumber } from "~/lib/phone";
import { mapsSearchHref, telHref, whatsappHref } from "~/lib/shop";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { config } from "../config.server";
import { loadPaymentMethods } from "../payments/methods.server";
import { transferAmountOf, type TransferAmount } from "../payments/transfer-code.server";
import { listOrderChanges, type OrderChangeRow } from "./changes.server";
import { itemColumns, orderColumns, type OrderItemRecord, type OrderRecord } from "./columns.server";

/** Who reads the order: its customer (their own order only) or staff (any order). */
export type OrderViewer = { as: "customer"; id: string } | { as: "staff"; actor: AdminActor };

const viewColumns = {
  ...orderColumns,
  version: orders.version,
  updatedAt: orders.updatedAt,
  billFinalAt: orders.billFinalAt,
  balanceApplied: orders.balanceApplied,
  paymentStatus: orders.paymentStatus,
  paymentProofKey: orders.paymentProofKey,
  paymentProofAt: orders.paymentProofAt,
  paymentProofBy: orders.paymentProofBy,
  paymentRejectReason: orders.paymentRejectReason,
  paidAmount: orders.paidAmount,
  paidAt: orders.paidAt,
  accountName: users.name,
  accountEmail: users.email,
};

export type OrderPayment = {
  method: string | null;
  status: string;
  hasProof: boolean;
  proofAt: Date | null;
  /** Staff attached the proof (one the customer sent in the WhatsApp chat). */
  proofByStaff: boolean;
  rejectReason: string;
  paidAmount: number | null;
  paidAt: Date | null;
  balanceApplied: number;
  amountDue: number;
  billFinal: boolean;
  /** The amount to transfer with its 'kode unik' while the transfer bill is open. */
  transfer: TransferAmount | null;
};

/** One line of the order with its product's page (`productSlug`) and whether the product is still sold. */
export type OrderViewItem = OrderItemRecord & { productSlug: string | null; productActive: boolean; lineTotal: number };

/** The final bill as its customer reads it: staff names stay inside the shop. */
export type FinalBill = {
  billFinalAt: Date;
  changes: Omit<OrderChangeRow, "changedByName">[];
  paymentMethods: PaymentMethodsSetting;
  paymentMethod: string | null;
  balanceApplied: number;
  amountDue: number;
};

async function readOrderView(db: Queryable, viewer: OrderViewer, id: string) {
  if (viewer.as === "staff") assertAdmin(viewer.actor);
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(viewColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, id), viewer.as === "customer" ? eq(orders.userId, viewer.id) : undefined));
  if (!row) return null;
  const staff = viewer.as === "staff";
  const transfer = await transferAmountOf(db, id);
  const [items, history, changes, paymentMethods] = await Promise.all([
    db
      .select({
        ...itemColumns,
        productSlug: products.slug,
        productActive: sql<boolean>`coalesce(${products.isActive}, false)`,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.productName), asc(orderItems.id)),
    db
      .select({
        id: orderStatusHistory.id,
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        note: orderStatusHistory.note,
        createdAt: orderStatusHistory.createdAt,
        changedBy: orderStatusHistory.changedBy,
        changedByName: users.name,
        changedByRole: users.role,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(desc(orderStatusHistory.createdAt), desc(orderStatusHistory.id)),
    listOrderChanges(db, id),
    // The payment instructions: in the staff's bill message always, for the customer once the bill is final.
    staff || row.billFinalAt || transfer ? loadPaymentMethods(db) : null,
  ]);
  const due = amountDue(row);
  const payment: OrderPayment = {
    method: row.paymentMethod,
    status: row.paymentStatus,
    hasProof: row.paymentProofKey !== null,
    proofAt: row.paymentProofAt,
    proofByStaff: row.paymentProofBy !== null,
    rejectReason: row.paymentRejectReason,
    paidAmount: row.paidAmount,
    paidAt: row.paidAt,
    balanceApplied: row.balanceApplied,
    amountDue: due,
    billFinal: row.billFinalAt !== null,
    transfer,
  };
  const bill: FinalBill | null =
    row.billFinalAt && paymentMethods
      ? {
          billFinalAt: row.billFinalAt,
          changes: changes.map(({ changedByName: _name, ...change }) => change),
          paymentMethods,
          paymentMethod: row.paymentMethod,
          balanceApplied: row.balanceApplied,
          amountDue: due,
        }
      : null;
  return {
    order: {
      ...row,
      shortId: shortOrderId(row.id),
      billFinal: row.billFinalAt !== null,
      grandTotal: orderTotalSummary({ ...row, billFinal: row.billFinalAt !== null }).amount,
    },
    items: items.map((i) => ({ ...i, lineTotal: orderLineTotal(i) })),
    payment,
    bill,
    changes,
    history,
    paymentMethods,
  };
}

type ReadView = NonNullable<Awaited<ReturnType<typeof readOrderView>>>;
/** The order as its customer reads it: no staff names in its changes. */
export type CustomerOrderView = Omit<ReadView, "changes" | "paymentMethods"> & {
  changes: FinalBill["changes"];
  paymentMethods: PaymentMethodsSetting | null;
};
/** The order as staff read it. */
export type StaffOrderView = Omit<ReadView, "paymentMethods"> & { paymentMethods: PaymentMethodsSetting };

/**
 * One order for the page that shows it, or null when there is no such order or the viewer
 * may not read it (a customer asking for another customer's order; a malformed id). A staff
 * viewer who is not staff is refused with 403.
 */
export async function loadOrderView(
  db: Queryable,
  viewer: { as: "staff"; actor: AdminActor },
  id: string,
): Promise<StaffOrderView | null>;
export async function loadOrderView(
  db: Queryable,
  viewer: { as: "customer"; id: string },
  id: string,
): Promise<CustomerOrderView | null>;
export async function loadOrderView(
  db: Queryable,
  viewer: OrderViewer,
  id: string,
): Promise<StaffOrderView | CustomerOrderView | null> {
  const view = await readOrderView(db, viewer, id);
  if (!view) return null;
  if (viewer.as === "staff") return { ...view, paymentMethods: view.paymentMethods as PaymentMethodsSetting };
  return { ...view, changes: view.bill?.changes ?? view.changes.map(({ changedByName: _name, ...c }) => c) };
}

/**
 * The order as placed (the fields of `orderColumns`), picked from the view's row: what both
 * pages show, and nothing the row holds for the server alone (the proof's storage key).
 */
function placedOrder<O extends Record<PlacedField, unknown>>(o: O): Pick<O, PlacedField> {
  const placed = {} as Pick<O, PlacedField>;
  for (const field of PLACED_FIELDS) placed[field] = o[field];
  return placed;
}
type PlacedField = keyof typeof orderColumns;
const PLACED_FIELDS = Object.keys(orderColumns) as PlacedField[];

// ---------------------------------------------------------------- the staff's order page and invoice

/** A tel: link that dials from any phone: stored 62... numbers get their + (tel:6281... would dial a local number). */
export function customerTelHref(phone: string): string {
  const normalized = normalizeIndonesianPhone(phone);
  return normalized ? `tel:+${normalized}` : telHref(phone);
}

/** The greeting staff send a customer about an order. */
export function customerGreeting(customerName: string, orderId: string, shopName: string): string {
  return `Halo ${customerName}, kami dari ${shopName} ingin mengonfirmasi pesanan Anda #${shortOrderId(orderId)}.`;
}

/** The order as the staff's page and its invoice show it, with the links to reach the customer. */
export function adminOrderDetail(view: StaffOrderView, shopName: string = config().shop.name) {
  const { order: o, items, history } = view;
  // The area's id means nothing to staff.
  const { deliveryAreaId: _area, ...placed } = placedOrder(o);
  return {
    ...placed,
    paymentStatus: o.paymentStatus,
    balanceApplied: o.balanceApplied,
    paidAmount: o.paidAmount,
    /** What to transfer with the 'kode unik', while the transfer bill is open. */
    transferAmount: view.payment.transfer?.amount ?? null,
    updatedAt: o.updatedAt,
    accountName: o.accountName,
    accountEmail: o.accountEmail,
    shortId: o.shortId,
    billFinal: o.billFinal,
    grandTotal: o.grandTotal,
    items: items.map(({ productActive: _active, ...item }) => item),
    history: history.map(({ changedBy: _by, ...row }) => row),
    links: {
      tel: customerTelHref(o.recipientPhone),
      whatsapp: whatsappHref(whatsappNumber(o.recipientPhone), customerGreeting(o.recipientName, o.id, shopName)),
      maps: mapsSearchHref(o.recipientAddress),
    },
  };
}

export type AdminOrderDetail = ReturnType<typeof adminOrderDetail>;

/** One order as staff see it and its invoice prints it; null when there is no such order. */
export async function getOrderForAdmin(
  db: Queryable,
  actor: AdminActor,
  id: string,
  shopName: string,
): Promise<AdminOrderDetail | null> {
  const view = await loadOrderView(db, { as: "staff", actor }, id);
  return view ? adminOrderDetail(view, shopName) : null;
}

// ---------------------------------------------------------------- the customer's order page

export type CustomerOrderItem = OrderItemRecord & {
  /** The product page, while the product is still sold. */
  productSlug: string | null;
};

export type CustomerOrderDetail = Omit<OrderRecord, "items" | "userId"> & {
  items: CustomerOrderItem[];
  /** Who cancelled and why, once the order is cancelled. */
  cancellation: { byCustomer: boolean; reason: string; at: Date } | null;
};

/** The history note of a customer's own cancellation, followed by ': reason' when one was given. */

export const CUSTOMER_CANCEL_NOTE = "Dibatalkan oleh pelanggan";

/** The order as its customer's page shows it: what they ordered and who cancelled it and why. */
export function customerOrderDetail(view: CustomerOrderView): CustomerOrderDetail {
  const { order: o } = view;
  let cancellation: CustomerOrderDetail["cancellation"] = null;
  const cancelled = o.status === "cancelled" ? view.history.find((h) => h.toStatus === "cancelled") : undefined;
  if (cancelled) {
    const byCustomer = cancelled.changedBy === o.userId;
    const reason =
      byCustomer && cancelled.note.startsWith(CUSTOMER_CANCEL_NOTE)
        ? cancelled.note.slice(CUSTOMER_CANCEL_NOTE.length + 2)
        : isMergedNote(cancelled.note)
          ? cancelled.note
          : "";
    cancellation = { byCustomer, reason, at: cancelled.createdAt };
  }
  const { userId: _user, ...placed } = placedOrder(o);
  return {
    ...placed,
    items: view.items.map(({ productActive, productSlug, lineTotal: _total, ...item }) => ({
      ...item,
      productSlug: productActive ? productSlug : null,
    })),
    cancellation,
  };
}

/** One order of this customer, or null when it does not exist, is someone else's, or the id is malformed. */
export async function getOrderForCustomer(
  db: Queryable,
  userId: string,
  orderId: string,
): Promise<CustomerOrderDetail | null> {
  const view = await loadOrderView(db, { as: "customer", id: userId }, orderId);
  return view ? customerOrderDetail(view) : null;
}

/**
 * The final bill of a customer's own order: when it was made final, its 'Riwayat
 * Perubahan' and how to pay. Null while the bill is not final or the order is not theirs.
 */
export async function loadFinalBillForCustomer(
  db: Queryable,
  userId: string,
  orderId: string,
): Promise<FinalBill | null> {
  return (await loadOrderView(db, { as: "customer", id: userId }, orderId))?.bill ?? null;
}

/**
 * Whether an id names an order of another customer. Only tells the page to send the
 * visitor to /profile; nothing of that order is read.
 */
export async function isOrderOfAnotherCustomer(db: Queryable, userId: string, orderId: string): Promise<boolean> {
  if (!isUuid(orderId)) return false;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), sql`${orders.userId} <> ${userId}`))
    .limit(1);
  return Boolean(row);
}
