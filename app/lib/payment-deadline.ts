// 'Batas Bayar': how long an order paid by QRIS or transfer may stay unpaid. Its deadline is
// the later of "some hours before its delivery slot starts" (the packers must know by then)
// and "some time after the final bill" (a shopper billed late still gets time to pay), unless
// staff set the order's own deadline. Before it the shopper is reminded once; at it the order
// is cancelled (app/server/orders/payment-deadlines.server.ts). Cash on delivery never has one.
import { z } from "zod";
import { shopInstant } from "./dates";
import { wholeNumberField } from "./number-input";

const minutes = (label: string, max: number) => wholeNumberField({ kind: "count", label, min: 0, max });

export const paymentDeadlineSchema = z.object({
  active: z.boolean(),
  /** Minutes before the slot starts. */
  beforeSlotMinutes: minutes("Menit sebelum waktu pengiriman", 24 * 60),
  /** Minutes after 'Tagihan Final' the shopper always has. */
  afterBillMinutes: minutes("Menit setelah Tagihan Final", 24 * 60).refine((v) => v >= 15, {
    message: "Menit setelah Tagihan Final minimal 15: pembeli perlu waktu untuk membayar.",
  }),
  /** Minutes before the deadline the shopper is reminded. */
  reminderMinutes: minutes("Menit pengingat sebelum batas", 24 * 60),
});
export type PaymentDeadlineSetting = z.infer<typeof paymentDeadlineSchema>;

export const DEFAULT_PAYMENT_DEADLINE: PaymentDeadlineSetting = {
  active: true,
  beforeSlotMinutes: 120,
  afterBillMinutes: 60,
  reminderMinutes: 60,
};

export function summarizePaymentDeadline(v: PaymentDeadlineSetting): string[] {
  return [
    `Pembatalan otomatis: ${v.active ? "aktif" : "tidak aktif"}`,
    `Batas bayar ${v.beforeSlotMinutes} menit sebelum waktu pengiriman, paling cepat ${v.afterBillMinutes} menit setelah Tagihan Final`,
    `Pengingat ${v.reminderMinutes} menit sebelum batas bayar`,
  ];
}

export type DeadlineOrder = {
  status: string;
  paymentMethod: string | null;
  paymentStatus: string;
  billFinalAt: Date | string | null;
  deliveryDate: string;
  /** '05:00 - 07:00' */
  deliveryTime: string;
  /** A deadline staff set for this order ('Perpanjang Batas Bayar'). */
  paymentDueAt: Date | string | null;
};

/** The instant the delivery slot starts. */
export function slotStartsAt(order: Pick<DeadlineOrder, "deliveryDate" | "deliveryTime">): Date | null {
  const start = /^(\d{2}:\d{2})/.exec(order.deliveryTime.trim())?.[1];
  return start ? shopInstant(order.deliveryDate, start) : null;
}

/**
 * When this order is cancelled if still unpaid; null when it has no deadline: cash on
 * delivery (or a method never chosen), a bill not final yet (nothing to pay), already paid or
 * with a proof waiting for staff, no longer open, or the owner switched the rule off.
 */
export function paymentDeadline(order: DeadlineOrder, setting: PaymentDeadlineSetting): Date | null {
  if (order.status !== "pending" && order.status !== "processing") return null;
  if (order.paymentMethod !== "qris" && order.paymentMethod !== "transfer") return null;
  if (order.paymentStatus !== "unpaid" && order.paymentStatus !== "rejected") return null;
  if (order.billFinalAt === null || !setting.active) return null;
  if (order.paymentDueAt !== null) return new Date(order.paymentDueAt);
  const billed = new Date(order.billFinalAt).getTime() + setting.afterBillMinutes * 60_000;
  const slot = slotStartsAt(order);
  const beforeSlot = slot ? slot.getTime() - setting.beforeSlotMinutes * 60_000 : billed;
  return new Date(Math.max(billed, beforeSlot));
}

/** When the shopper is reminded of `deadline`. */
export function reminderAt(deadline: Date, setting: PaymentDeadlineSetting): Date {
  return new Date(deadline.getTime() - setting.reminderMinutes * 60_000);
}

export const AUTO_CANCEL_NOTE = "Dibatalkan otomatis: belum dibayar";
