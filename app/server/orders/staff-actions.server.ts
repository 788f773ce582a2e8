// Everything staff post from one order's page (/admin/orders/:id), by intent: the status,
// the delivery fee, the packing edits and 'Tagihan Final', 'Tandai Lunas' and 'Tolak Bukti',
// 'Perpanjang Batas Bayar', 'Ubah ke COD', 'Lampirkan Bukti' (a proof sent in the chat) and
// 'Gabungkan' (into the customer's other order for the same delivery).
// One schema parses them all; each goes to the server function that owns it, and every
// answer is a FormResult that names its intent so the page shows it beside the right form.
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { formFailure, isUuid, type FormResult } from "~/lib/form";
import { ORDER_STATUSES } from "~/lib/vocab/order-statuses";
import type { AdminActor } from "../accounts/actor.server";
import { deliveryFeeSchema, setDeliveryFee } from "./fee.server";
import { editOrder, orderEditSchema, orderVersionSchema } from "./edits.server";
import {
  attachPaymentProofByStaff,
  imageFileSchema,
  markOrderPaid,
  markPaidSchema,
  rejectPaymentProof,
  rejectProofSchema,
} from "./payments.server";
import { extendDeadlineSchema, extendPaymentDeadline, switchToCashOnDelivery } from "./payment-due.server";
import { mergeOrder, mergeOrderSchema } from "./merge.server";
import { setOrderStatus } from "./status.server";

export const adminOrderActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      status: z.enum(ORDER_STATUSES, { message: "Pilih status yang tersedia." }),
    }),
    z.object({
      intent: z.literal("fee"),
      version: orderVersionSchema,
      deliveryFee: deliveryFeeSchema.shape.deliveryFee,
    }),
    ...orderEditSchema.options,
    markPaidSchema.extend({ intent: z.literal("paid") }),
    rejectProofSchema.extend({ intent: z.literal("reject") }),
    extendDeadlineSchema.extend({ intent: z.literal("due") }),
    z.object({ intent: z.literal("cod") }),
    z.object({ intent: z.literal("staff-proof"), proof: imageFileSchema }),
    mergeOrderSchema,
  ],
  { error: "Permintaan tidak dikenal." },
);
export type AdminOrderAction = z.output<typeof adminOrderActionSchema>;

type Answer = FormResult<{ intent: string }, string, { intent: string }>;

/** A server function's answer, naming its intent so the page shows it beside the right form. */
function asAnswer(intent: string, result: FormResult): Answer {
  return { ...result, intent };
}

export async function actOnAdminOrder(
  db: Queryable,
  actor: AdminActor,
  orderId: string,
  input: AdminOrderAction,
): Promise<Answer> {
  if (!isUuid(orderId)) return { ...formFailure(404, "Pesanan tidak ditemukan."), intent: input.intent };
  switch (input.intent) {
    case "status":
      return asAnswer(input.intent, await setOrderStatus(db, actor, { orderId, status: input.status }));
    case "fee":
      return asAnswer(
        input.intent,
        await setDeliveryFee(db, actor, { orderId, deliveryFee: input.deliveryFee, version: input.version }),
      );
    case "paid":
      return asAnswer(input.intent, await markOrderPaid(db, actor, orderId, input));
    case "reject":
      return asAnswer(input.intent, await rejectPaymentProof(db, actor, orderId, input));
    case "due":
      return asAnswer(input.intent, await extendPaymentDeadline(db, actor, orderId, input));
    case "cod":
      return asAnswer(input.intent, await switchToCashOnDelivery(db, actor, orderId));
    case "staff-proof":
      return asAnswer(input.intent, await attachPaymentProofByStaff(db, actor, orderId, { proof: input.proof }));
    case "merge":
      return asAnswer(input.intent, await mergeOrder(db, actor, orderId, input));
    default:
      return asAnswer(input.intent, await editOrder(db, actor, orderId, input));
  }
}
