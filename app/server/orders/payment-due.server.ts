// An order's 'Batas Bayar' on its pages, and what staff do about it on the order page:
// 'Perpanjang Batas Bayar' (this order's own deadline) and 'Ubah ke COD' (no deadline at all).
// Both are recorded in the 'Riwayat Perubahan' and decided under the order's row lock, the same
// lock the deadline job takes, so a cancel and an extension never cross.
import { syncTransferCode } from "../payments/transfer-code.server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { formatDateTime, isValidDateString, shopInstant } from "~/lib/dates";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { paymentDeadline, reminderAt } from "~/lib/payment-deadline";
import { shortOrderId } from "~/lib/orders";
import { PAYMENT_METHOD } from "~/lib/vocab/payment-methods";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { now } from "../clock.server";
import { readShopSettings } from "../settings.server";
import { recordOrderChange } from "./changes.server";

const NOT_FOUND = "Pesanan tidak ditemukan.";
/** Further than this, an unpaid order would hold its stock and slot place for too long. */
export const MAX_EXTENSION_DAYS = 14;

const deadlineColumns = {
  id: orders.id,
  status: orders.status,
  totalAmount: orders.totalAmount,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  billFinalAt: orders.billFinalAt,
  deliveryDate: orders.deliveryDate,
  deliveryTime: orders.deliveryTime,
  paymentDueAt: orders.paymentDueAt,
};

export type OrderDeadline = { dueAt: Date; remindAt: Date; setByStaff: boolean } | null;

/** The order's payment deadline as its pages show it; null when it has none. */
export async function loadOrderDeadline(db: Queryable, orderId: string): Promise<OrderDeadline> {
  if (!isUuid(orderId)) return null;
  const [order] = await db.select(deadlineColumns).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const setting = (await readShopSettings(db)).values.paymentDeadline;
  const dueAt = paymentDeadline(order, setting);
  return dueAt ? { dueAt, remindAt: reminderAt(dueAt, setting), setByStaff: order.paymentDueAt !== null } : null;
}

export const extendDeadlineSchema = z.object({
  // As an <input type="datetime-local"> posts it, in Jember time.
  dueAt: z
    .string({ message: "Isi tanggal dan jam batas bayar." })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Isi tanggal dan jam batas bayar.")
    .refine((v) => isValidDateString(v.slice(0, 10)), "Tanggal batas bayar tidak sah."),
});

async function lockOpenBill(tx: Queryable, orderId: string) {
  const [order] = await tx.select(deadlineColumns).from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) return { refused: formFailure(404, NOT_FOUND) };
  if (order.status === "cancelled" || order.status === "completed")
    return { refused: formFailure(409, "Pesanan ini sudah selesai atau dibatalkan.") };
  if (order.paymentStatus === "paid") return { refused: formFailure(409, "Pembayaran pesanan ini sudah Lunas.") };
  if (order.paymentStatus === "pending")
    return {
      refused: formFailure(409, "Bukti bayar masih menunggu verifikasi: pilih 'Tandai Lunas' atau 'Tolak Bukti' dulu."),
    };
  return { order };
}

/** 'Perpanjang Batas Bayar': this order is cancelled at `dueAt` (Jember time) instead. */
export async function extendPaymentDeadline(
  db: Queryable,
  actor: AdminActor,
  orderId: string,
  input: z.output<typeof extendDeadlineSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  if (!isUuid(orderId)) return formFailure(404, NOT_FOUND);
  const dueAt = shopInstant(input.dueAt.slice(0, 10), input.dueAt.slice(11, 16));
  const at = now();
  if (dueAt.getTime() <= at.getTime() + 5 * 60_000) {
    const message = "Batas bayar baru harus lebih dari 5 menit dari sekarang.";
    return formFailure(400, message, { fieldErrors: { dueAt: message } });
  }
  if (dueAt.getTime() > at.getTime() + MAX_EXTENSION_DAYS * 24 * 60 * 60_000) {
    const message = `Batas bayar paling lama ${MAX_EXTENSION_DAYS} hari dari sekarang.`;
    return formFailure(400, message, { fieldErrors: { dueAt: message } });
  }
  return db.transaction(async (tx) => {
    const locked = await lockOpenBill(tx, orderId);
    if (!locked.order) return locked.refused;
    const { order } = locked;
    if (order.paymentMethod !== "qris" && order.paymentMethod !== "transfer")
      return formFailure(409, "Pesanan ini dibayar di tempat (COD): tidak ada batas bayar.");
    await tx.update(orders).set({ paymentDueAt: dueAt, updatedAt: new Date() }).where(eq(orders.id, order.id));
    await recordOrderChange(tx, order, {
      kind: "payment",
      description: `Batas bayar diperpanjang sampai ${formatDateTime(dueAt)} WIB`,
      changedBy: actor.id,
    });
    return formSuccess(`Batas bayar pesanan #${shortOrderId(order.id)} kini ${formatDateTime(dueAt)} WIB.`);
  });
}

/** 'Ubah ke COD': the customer pays the courier in cash; the order has no deadline any more. */
export async function switchToCashOnDelivery(db: Queryable, actor: AdminActor, orderId: string): Promise<FormResult> {
  assertAdmin(actor);
  if (!isUuid(orderId)) return formFailure(404, NOT_FOUND);
  return db.transaction(async (tx) => {
    const locked = await lockOpenBill(tx, orderId);
    if (!locked.order) return locked.refused;
    const { order } = locked;
    if (order.paymentMethod === "cod") return formSuccess(`Pesanan #${shortOrderId(order.id)} sudah COD.`);
    await tx
      .update(orders)
      .set({ paymentMethod: "cod", paymentDueAt: null, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    // Cash on delivery asks for no transfer: its kode unik is freed for another bill.
    await syncTransferCode(tx, order.id);
    await recordOrderChange(tx, order, {
      kind: "payment",
      description: `Metode bayar diubah ke ${PAYMENT_METHOD.cod.label}`,
      changedBy: actor.id,
    });
    return formSuccess(`Pesanan #${shortOrderId(order.id)} kini dibayar di tempat (COD).`);
  });
}
