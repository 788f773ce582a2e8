// Every kind of news the shop tells someone, and what its snapshot holds. A kind is added
// here (its data type), then given one template per channel (templates/<channel>/<kind>.ts,
// listed in that folder's index.ts) and told with one `notify` call where it happens.

import type { PromoTerms } from "~/lib/promo";

/** What was true about an order when its news happened; every order template reads only this. */
export type OrderSnapshot = {
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  status: string;
  totalAmount: number;
  deliveryFee: number | null;
  deliveryDate: string;
  deliverySlot: string;
  deliveryTime: string;
  recipientAddress: string;
  /** 'Saldo' taken into the final bill (positive: less to pay). */
  balanceApplied: number;
  paymentStatus: string;
  /** 'qris' | 'transfer' | 'cod', null when settled in the chat (missing on events stored before it was kept). */
  paymentMethod?: string | null;
  items: { productName: string; productUnit: string; quantity: number; price: number; soldByWeight: boolean }[];
  /** Shown on a cancellation. */
  reason?: string;
  /** The payment deadline a reminder names (ISO instant). */
  dueAt?: string;
  /** 'Transfer tepat': the bill plus its kode unik, while a transfer bill waits to be paid. */
  transferAmount?: number | null;
  /** The 'Kode Promo' and what it took off (missing on events stored before promos). */
  promoCode?: string | null;
  promoTerms?: PromoTerms | null;
  promoDiscount?: number;
  promoFeeDiscount?: number;
};

/** The news of an order's life the customer hears about. */
export const ORDER_NOTICE_KINDS = [
  "order-received",
  "fee-set",
  "bill-final",
  "payment-verified",
  "payment-rejected",
  "payment-reminder",
  "out-for-delivery",
  "delivery-failed",
  "completed",
  "cancelled",
] as const;
export type OrderNoticeKind = (typeof ORDER_NOTICE_KINDS)[number];

/** The news a status change brings, if any. */
export function noticeForStatus(status: string): OrderNoticeKind | null {
  if (status === "completed") return "completed";
  if (status === "cancelled") return "cancelled";
  return null;
}

/**
 * The order news a customer gets at most once per order: a second 'Selesai' after staff undo
 * and redo it, or a second 'sedang diantar' tap, tells the customer nothing new. A
 * cancellation may repeat (cancelled, restored, cancelled).
 */
export const ONCE_PER_ORDER: readonly OrderNoticeKind[] = [
  "order-received",
  "out-for-delivery",
  "completed",
  "bill-final",
  "payment-verified",
];

export type LowStockDigestData = {
  date: string;
  total: number;
  products: { name: string; stock: number; stockText: string; thresholdText: string }[];
};

/** The snapshot of each kind. */
export type NotificationData = { [K in OrderNoticeKind]: OrderSnapshot } & {
  "staff-invitation": {
    name: string;
    invitedBy: string;
    href: string;
    account: "new" | "existing";
    /** The role the link gives; older queued invitations carry none and are for staff. */
    role?: "staff" | "courier";
  };
  "stock-alert-confirm": { product: { name: string }; confirmHref: string; validHours: number };
  "back-in-stock": { product: { name: string; slug: string }; unsubscribeHref: string };
  "low-stock-digest": LowStockDigestData;
  "standing-order-made": StandingOrderMadeData;
  "standing-order-not-made": StandingOrderNotMadeData;
};

/** A regular's weekly basket became an order: which, when, what changed, and until when it can be changed. */
export type StandingOrderMadeData = {
  name: string;
  orderId: string;
  /** "Selasa, 1 Desember 2026, Pagi (05:00 - 07:00)" */
  slot: string;
  /** "Senin, 30 November 2026 20:00" */
  changeUntil: string;
  /** Lines left out or reduced, in words. */
  changes: string[];
  total: number;
};

/** No order was made for a date: why, and where to change the standing order. */
export type StandingOrderNotMadeData = { name: string; slot: string; reason: string; standingOrderId: string };
export type NotificationKind = keyof NotificationData;

/** Who is told. A channel takes a recipient when it has an address for them there. */
export type Recipient = { userId?: string | null; email?: string | null; phone?: string | null; name?: string };
