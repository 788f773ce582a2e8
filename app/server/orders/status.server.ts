// The order status machine: one change of status with its stock effects, its history row,
// the money of a cancelled bill and the customer's notice. Staff ('Status' on the order page
// and the dashboard), the customer cancelling their own order and the delivery sheet's
// 'Terkirim' all change status through `changeOrderStatus`.
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, orderStatusHistory, products } from "~/db/schema";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { uuidField } from "~/lib/form-schema";
import { canCustomerCancel } from "~/lib/order-edits";
import { shortOrderId } from "~/lib/orders";
import { ORDER_STATUSES, orderStatusLabel, type OrderStatus } from "~/lib/vocab/order-statuses";
import { signedRupiah } from "~/lib/payments";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { noticeForStatus } from "../notifications/kinds.server";
import { notify } from "../notifications/notify.server";
import {
  planCancelSettlement,
  writeCancelSettlement,
  type CancelSettlement,
} from "../payments/cancel-settlement.server";
import { releaseTransferCode, syncTransferCode } from "../payments/transfer-code.server";
import { moveStock } from "../catalog/stock-ledger.server";
import { retakePromoUse } from "../promos/redeem.server";
import { lockOrder } from "./columns.server";

export const statusChangeSchema = z.object({
  orderId: uuidField("Pesanan tidak ditemukan."),
  status: z.enum(ORDER_STATUSES, { message: "Pilih status yang tersedia." }),
});

/**
 * Any status to any status, in one transaction with its history row.
 * Cancelling returns the items' stock; un-cancelling takes it again and is refused,
 * with nothing changed, when a product no longer has enough.
 */
export async function setOrderStatus(
  db: Queryable,
  actor: AdminActor,
  input: { orderId: string; status: OrderStatus },
): Promise<FormResult> {
  assertAdmin(actor);
  return changeOrderStatus(db, { ...input, changedBy: actor.id });
}

/**
 * The one status change with its stock effects, history row and customer mail, for staff
 * (setOrderStatus) and for a customer cancelling their own order (customer.server.ts) and for the delivery sheet's 'Terkirim'.
 * `onlyFrom` refuses the change, with nothing changed, unless the order is in that status (or
 * one of those) at the moment its row is locked; `refusal` is the message then.
 */
export async function changeOrderStatus(
  db: Queryable,
  input: {
    orderId: string;
    status: OrderStatus;
    /** Who made the change; null for the shop itself (a scripted or test change). */
    changedBy: string | null;
    note?: string;
    /** The reason told to the customer in the status mail (defaults to the note). */
    mailReason?: string;
    onlyFrom?: OrderStatus | readonly OrderStatus[];
    refusal?: string;
    /**
     * Refuses the change with this message once money has moved on the order (its bill is final
     * or a payment was recorded or sent): a customer's own cancel. Staff may still cancel, and
     * the money then goes to 'Saldo'.
     */
    refusalOnceBilled?: string;
    /** Limits the change to this customer's own order. */
    ownerId?: string;
  },
): Promise<FormResult> {
  const actor = { id: input.changedBy };
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, { ownerId: input.ownerId });
    if (!order) return formFailure(404, "Pesanan tidak ditemukan.");
    const allowedFrom: readonly string[] | null =
      input.onlyFrom === undefined ? null : typeof input.onlyFrom === "string" ? [input.onlyFrom] : input.onlyFrom;
    if (allowedFrom && !allowedFrom.includes(order.status) && order.status !== input.status) {
      return formFailure(409, input.refusal ?? "Status pesanan sudah berubah.");
    }
    const short = shortOrderId(order.id);
    const label = orderStatusLabel(input.status);
    if (order.status === input.status) return formSuccess(`Status pesanan #${short} sudah ${label}.`);

    const wasCancelled = order.status === "cancelled";
    const becomesCancelled = input.status === "cancelled";
    const billed = !canCustomerCancel({ ...order, billFinal: order.billFinalAt !== null });
    if (input.refusalOnceBilled && billed) return formFailure(409, input.refusalOnceBilled);
    let settlement: CancelSettlement | null = null;
    if (becomesCancelled && billed) {
      // A proof not yet checked may be money received: it is decided first, then the cancel moves it.
      if (order.paymentStatus === "pending")
        return formFailure(
          409,
          `Bukti bayar pesanan #${short} masih menunggu verifikasi. Pilih 'Tandai Lunas' atau 'Tolak Bukti' dulu, lalu batalkan.`,
        );
      const planned = await planCancelSettlement(tx, order);
      if (!planned.ok) return formFailure(409, planned.message);
      settlement = planned.plan;
    }
    if (wasCancelled && !becomesCancelled && order.paymentStatus === "paid") {
      // Its payment went to 'Saldo' when it was cancelled (and may be spent by now): taking the
      // order up again would count that money twice. A 'Saldo' the bill had taken stays in
      // 'Saldo'; the bill, taken up again, asks for its grand total.
      return formFailure(
        409,
        `Pesanan #${short} dibatalkan setelah dibayar, dan pembayarannya sudah dicatat di Saldo pelanggan. Pesanan ini tidak dapat diaktifkan kembali; buat pesanan baru bila pelanggan tetap ingin memesan.`,
      );
    }
    // An order taken up again takes its promo use back, while the quota allows.
    if (wasCancelled && !becomesCancelled) {
      const promoRefusal = await retakePromoUse(tx, order);
      if (promoRefusal) return formFailure(409, promoRefusal);
    }
    if (wasCancelled !== becomesCancelled) {
      const lines = await tx
        .select({
          productId: orderItems.productId,
          quantity: sql<number>`sum(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.productId)))
        .groupBy(orderItems.productId);
      const wanted = new Map(lines.map((l) => [l.productId as string, l.quantity]));
      if (wanted.size > 0) {
        // Locked in id order, the same order every writer uses, so two changes never deadlock.
        const stocked = await tx
          .select({
            id: products.id,
            name: products.name,
            stock: products.stock,
          })
          .from(products)
          .where(inArray(products.id, [...wanted.keys()]))
          .orderBy(asc(products.id))
          .for("update");
        if (!becomesCancelled) {
          const short_ = stocked.filter((p) => p.stock < (wanted.get(p.id) ?? 0));
          if (short_.length > 0) {
            const list = short_.map((p) => `${p.name} (perlu ${wanted.get(p.id)}, sisa ${p.stock})`).join(", ");
            return formFailure(
              409,
              `Pesanan #${short} tidak dapat diaktifkan kembali karena stok tidak cukup: ${list}. Tambah stok produk tersebut dulu.`,
            );
          }
        }
        for (const p of stocked) {
          const quantity = wanted.get(p.id) ?? 0;
          await moveStock(tx, {
            productId: p.id,
            delta: becomesCancelled ? quantity : -quantity,
            reason: becomesCancelled ? "cancel" : "uncancel",
            orderId: order.id,
            changedBy: actor.id,
          });
        }
      }
    }

    if (settlement) await writeCancelSettlement(tx, order, settlement, actor.id);
    await tx
      .update(orders)
      // A cancelled bill takes no 'Saldo': what it took went back with the settlement above.
      .set({ status: input.status, updatedAt: new Date(), ...(settlement ? { balanceApplied: 0 } : {}) })
      .where(eq(orders.id, order.id));
    // A cancelled bill frees its amount to transfer; one taken up again asks for a new one.
    if (becomesCancelled) await releaseTransferCode(tx, order.id, "cancelled");
    else if (wasCancelled) await syncTransferCode(tx, order.id);
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: input.status,
      changedBy: actor.id,
      note: input.note ?? "",
    });
    const notice = noticeForStatus(input.status);
    if (notice)
      await notify(tx, { kind: notice, order: order.id, reason: (input.mailReason ?? input.note) || undefined });
    const moved = settlement ? settlement.returnedBalance + settlement.paymentToBalance : 0;
    return formSuccess(
      `Status pesanan #${short} diubah menjadi ${label}.${moved !== 0 ? ` ${signedRupiah(moved)} masuk Saldo pelanggan.` : ""}`,
    );
  });
}
