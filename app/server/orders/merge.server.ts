// 'Gabungkan': staff fold a customer's second open order into the first one for the same
// delivery (date, slot, address), so the customer gets one delivery and pays one fee. The
// lines move to the other order (a product on both adds up), the stock stays as it is (the
// goods were taken once, by the order that moves them), a payment or proof moves with them,
// and this order is cancelled with 'Digabung ke #xxxx', which its customer sees. Both
// orders' change logs say so, both versions are checked against the page, all in one
// transaction; a refusal changes nothing.
import { and, asc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { orderItems, orders, orderStatusHistory } from "~/db/schema";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { uuidField } from "~/lib/form-schema";
import { orderItemsTotal, shortOrderId } from "~/lib/orders";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { releaseTransferCode, syncTransferCode } from "../payments/transfer-code.server";
import { repriceGoods } from "../promos/redeem.server";
import { recordOrderChange } from "./changes.server";
import { lockOrder, type OrderState } from "./columns.server";
import { orderVersionSchema } from "./edits.server";
import { MERGED_NOTE } from "~/lib/order-text";

export const mergeOrderSchema = z.object({
  intent: z.literal("merge"),
  version: orderVersionSchema,
  targetId: uuidField("Pesanan tujuan tidak ditemukan. Muat ulang halaman."),
  targetVersion: orderVersionSchema,
});

const OPEN = ["pending", "processing"];

type Placement = { userId: string; deliveryDate: string; deliverySlot: string; recipientAddress: string };

/** Open orders of the same customer for the same delivery that this order could be merged into. */
export async function mergeTargetsOf(
  db: Queryable,
  order: Placement & { id: string; status: string; billFinalAt: Date | null },
): Promise<{ id: string; version: number }[]> {
  if (!OPEN.includes(order.status) || order.billFinalAt) return [];
  const rows = await db
    .select({ id: orders.id, version: orders.version, status: orders.status, billFinalAt: orders.billFinalAt })
    .from(orders)
    .where(
      and(
        eq(orders.userId, order.userId),
        eq(orders.deliveryDate, order.deliveryDate),
        eq(orders.deliverySlot, order.deliverySlot),
        eq(orders.recipientAddress, order.recipientAddress),
        ne(orders.id, order.id),
      ),
    )
    .orderBy(asc(orders.createdAt));
  return rows.filter((r) => OPEN.includes(r.status) && !r.billFinalAt).map(({ id, version }) => ({ id, version }));
}

/** Where an order goes and its proof, read with its state under the lock. */
const mergeColumns = {
  deliveryDate: orders.deliveryDate,
  deliverySlot: orders.deliverySlot,
  recipientAddress: orders.recipientAddress,
  paymentProofKey: orders.paymentProofKey,
  paymentProofAt: orders.paymentProofAt,
  paymentProofBy: orders.paymentProofBy,
  paymentRejectReason: orders.paymentRejectReason,
  paidAt: orders.paidAt,
};
type MergeState = NonNullable<Awaited<ReturnType<typeof lockOrder<typeof mergeColumns>>>>;

/** Whether money or a proof is recorded on the order. */
function hasPayment(o: OrderState & { paymentProofKey: string | null }): boolean {
  return o.paymentStatus !== "unpaid" || o.paidAmount !== null || o.paymentProofKey !== null;
}

class MergeRefused extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

export async function mergeOrder(
  db: Queryable,
  actor: AdminActor,
  sourceId: string,
  input: { version: number; targetId: string; targetVersion: number },
): Promise<FormResult> {
  assertAdmin(actor);
  if (!isUuid(sourceId) || !isUuid(input.targetId)) return formFailure(404, "Pesanan tidak ditemukan.");
  if (sourceId === input.targetId) return formFailure(400, "Pilih pesanan lain untuk digabungkan.");
  const source = shortOrderId(sourceId);
  const target = shortOrderId(input.targetId);
  try {
    return await db.transaction(async (tx) => {
      // Both rows locked in id order, the order every writer of two orders uses; each read
      // with where it goes and the proof that would move with its lines.
      const locked = new Map<string, MergeState>();
      for (const id of [sourceId, input.targetId].sort()) {
        const row = await lockOrder(tx, id, { also: mergeColumns });
        if (!row) throw new MergeRefused("Pesanan tidak ditemukan. Muat ulang halaman.", 404);
        locked.set(id, row);
      }
      const from = locked.get(sourceId) as MergeState;
      const into = locked.get(input.targetId) as MergeState;
      if (from.version !== input.version || into.version !== input.targetVersion)
        throw new MergeRefused("Pesanan sudah diubah sejak halaman ini dibuka. Muat ulang halaman, lalu coba lagi.");
      for (const [o, short] of [
        [from, source],
        [into, target],
      ] as const) {
        if (!OPEN.includes(o.status))
          throw new MergeRefused(`Pesanan #${short} sudah Selesai atau Dibatalkan, jadi tidak bisa digabungkan.`);
        if (o.billFinalAt)
          throw new MergeRefused(`Tagihan pesanan #${short} sudah final, jadi pesanan tidak bisa digabungkan.`);
      }
      if (from.userId !== into.userId)
        throw new MergeRefused("Hanya pesanan dari pelanggan yang sama yang bisa digabungkan.");
      if (from.deliveryDate !== into.deliveryDate || from.deliverySlot !== into.deliverySlot)
        throw new MergeRefused("Tanggal dan jam antar kedua pesanan berbeda, jadi tidak bisa digabungkan.");
      if (from.recipientAddress.trim() !== into.recipientAddress.trim())
        throw new MergeRefused("Alamat antar kedua pesanan berbeda, jadi tidak bisa digabungkan.");
      const fromPaid = hasPayment(from);
      const intoPaid = hasPayment(into);
      if (fromPaid && intoPaid)
        throw new MergeRefused(
          `Kedua pesanan sudah punya pembayaran atau bukti bayar. Selesaikan pembayaran salah satunya dulu (atau batalkan), lalu gabungkan.`,
        );

      // The lines move: a product already on the target at the same price adds up; stock stays.
      const fromLines = await tx.select().from(orderItems).where(eq(orderItems.orderId, sourceId)).for("update");
      const intoLines = await tx.select().from(orderItems).where(eq(orderItems.orderId, input.targetId)).for("update");
      for (const line of fromLines) {
        const same = intoLines.find(
          (l) => l.productId !== null && l.productId === line.productId && l.price === line.price,
        );
        if (same) {
          same.quantity += line.quantity;
          await tx.update(orderItems).set({ quantity: same.quantity }).where(eq(orderItems.id, same.id));
          await tx.delete(orderItems).where(eq(orderItems.id, line.id));
        } else {
          await tx.update(orderItems).set({ orderId: input.targetId }).where(eq(orderItems.id, line.id));
        }
      }
      const all = await tx
        .select({ price: orderItems.price, quantity: orderItems.quantity, soldByWeight: orderItems.soldByWeight })
        .from(orderItems)
        .where(eq(orderItems.orderId, input.targetId));
      // The kept order keeps its promo, recomputed on the merged goods; the other's use is given back.
      const totalAfter = await repriceGoods(tx, input.targetId, orderItemsTotal(all));

      // The payment or proof on the merged order now belongs to the one that is delivered.
      if (fromPaid) {
        await tx
          .update(orders)
          .set({
            paymentMethod: from.paymentMethod ?? into.paymentMethod,
            paymentStatus: from.paymentStatus,
            paymentProofKey: from.paymentProofKey,
            paymentProofAt: from.paymentProofAt,
            paymentProofBy: from.paymentProofBy,
            paymentRejectReason: from.paymentRejectReason,
            paidAmount: from.paidAmount,
            paidAt: from.paidAt,
          })
          .where(eq(orders.id, input.targetId));
        await tx
          .update(orders)
          .set({
            paymentStatus: "unpaid",
            paymentProofKey: null,
            paymentProofAt: null,
            paymentProofBy: null,
            paymentRejectReason: "",
            paidAmount: null,
            paidAt: null,
          })
          .where(eq(orders.id, sourceId));
      }

      await recordOrderChange(tx, into, {
        kind: "add",
        description: `Digabung dari #${source}: ${fromLines.length} produk dipindahkan${fromPaid ? ", beserta pembayarannya" : ""}. Ongkir tetap sekali.`,
        changedBy: actor.id,
        totalAfter,
        set: { totalAmount: totalAfter },
      });
      await recordOrderChange(tx, from, {
        kind: "add",
        description: `${MERGED_NOTE}${target}: semua produk dipindahkan ke pesanan #${target}.`,
        changedBy: actor.id,
        totalAfter: 0,
        set: { totalAmount: 0, deliveryFee: 0 },
      });
      await tx
        .update(orders)
        .set({ promoId: null, promoCode: null, promoTerms: null, promoDiscount: 0, promoFeeDiscount: 0 })
        .where(eq(orders.id, sourceId));
      await tx.update(orders).set({ status: "cancelled", updatedAt: new Date() }).where(eq(orders.id, sourceId));
      await tx.insert(orderStatusHistory).values({
        orderId: sourceId,
        fromStatus: from.status,
        toStatus: "cancelled",
        changedBy: actor.id,
        note: `${MERGED_NOTE}${target}`,
      });
      await releaseTransferCode(tx, sourceId, "cancelled");
      await syncTransferCode(tx, input.targetId);
      return formSuccess(`Pesanan #${source} digabung ke #${target}. Ongkir tetap sekali.`);
    });
  } catch (error) {
    if (error instanceof MergeRefused) return formFailure(error.status, error.message);
    throw error;
  }
}
