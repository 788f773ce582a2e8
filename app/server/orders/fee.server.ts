// The delivery fee agreed in the chat: an order edit like the packing edits, recorded in the
// 'Riwayat Perubahan' through the one change writer.
import { WORDS } from "~/lib/vocab/words";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { uuidField } from "~/lib/form-schema";
import { formatRupiah } from "~/lib/money";
import { wholeNumberField } from "~/lib/number-input";
import { orderEditRefusal } from "~/lib/order-edits";
import { orderGrandTotal, shortOrderId } from "~/lib/orders";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { notify } from "../notifications/notify.server";
import { syncTransferCode } from "../payments/transfer-code.server";
import { repriceFee } from "../promos/redeem.server";
import { recordOrderChange } from "./changes.server";
import { lockOrder } from "./columns.server";

export const MAX_DELIVERY_FEE = 10_000_000;

/** Accepts what staff type: 15000, 15.000, Rp 15.000 or 15000.00. */
export const deliveryFeeSchema = z.object({
  orderId: uuidField("Pesanan tidak ditemukan."),
  deliveryFee: wholeNumberField({
    kind: "rupiah",
    label: WORDS.deliveryFee,
    min: 0,
    max: MAX_DELIVERY_FEE,
    required: "Masukkan ongkir.",
  }),
});

/**
 * Sets the fee agreed in the chat. It is an order edit like the packing edits: posted with the
 * version of the page it was typed on, only while the lines may change (open order, bill not
 * final), and a change goes up the version and into the 'Riwayat Perubahan'. Anything refused
 * stores nothing.
 */
export async function setDeliveryFee(
  db: Queryable,
  actor: AdminActor,
  input: { orderId: string; deliveryFee: number; version: number },
): Promise<FormResult> {
  assertAdmin(actor);
  if (!Number.isInteger(input.deliveryFee) || input.deliveryFee < 0 || input.deliveryFee > MAX_DELIVERY_FEE) {
    const message = `${WORDS.deliveryFee} harus antara Rp 0 dan ${formatRupiah(MAX_DELIVERY_FEE)}.`;
    return formFailure(400, message, { fieldErrors: { deliveryFee: message } });
  }
  if (!isUuid(input.orderId)) return formFailure(404, "Pesanan tidak ditemukan.");
  const outcome = await db.transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderId);
    if (!before) return { refused: formFailure(404, "Pesanan tidak ditemukan.") };
    const refusal = orderEditRefusal(before, input.version);
    if (refusal) return { refused: formFailure(409, refusal) };
    // Staff's fee overrides the area's; the order keeps the area's fee to show which applies.
    // Staff type the fee before a promo's 'gratis ongkir'; the stored fee is what is left of it.
    const grossBefore = before.deliveryFee === null ? null : before.deliveryFee + before.promoFeeDiscount;
    let netFee = before.deliveryFee ?? input.deliveryFee;
    if (grossBefore !== input.deliveryFee) {
      netFee = (await repriceFee(tx, before.id, input.deliveryFee)) ?? input.deliveryFee;
      await recordOrderChange(tx, before, {
        kind: "fee",
        description: `${WORDS.deliveryFee}: ${grossBefore === null ? "belum ditentukan" : formatRupiah(grossBefore)} → ${formatRupiah(input.deliveryFee)}`,
        changedBy: actor.id,
        set: { deliveryFee: netFee, deliveryFeeSource: "staff" },
      });
    } else {
      await tx
        .update(orders)
        .set({ deliveryFeeSource: "staff", updatedAt: new Date() })
        .where(eq(orders.id, before.id));
    }
    await syncTransferCode(tx, before.id);
    // Told with the fee it reports: the mail exists exactly when the saved fee does.
    await notify(tx, { kind: "fee-set", order: before.id });
    return { row: before, netFee };
  });
  if (!outcome.row) return outcome.refused;
  const updated = outcome.row;
  return formSuccess(
    `${WORDS.deliveryFee} pesanan #${shortOrderId(updated.id)} disimpan: ${formatRupiah(input.deliveryFee)}. Total ${formatRupiah(orderGrandTotal(updated.totalAmount, outcome.netFee))}.`,
  );
}
