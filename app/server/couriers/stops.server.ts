// The courier's screen (/kurir): today's and tomorrow's runs of the signed-in courier, stops
// in the sheet's order, and what the courier does at a door: 'Terkirim' (a name or a photo),
// 'Gagal Antar' (a reason; the order goes back to staff), 'Uang Diterima' (COD cash; a
// different amount goes to 'Saldo'). Each step is stamped with its time and courier, told to
// the staff dashboard live and to the customer through the outbox, and taken once: the phone
// sends every step with its own key, and a key seen before changes nothing.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { courierActions, courierRuns, courierStops, orderItems, orders, users } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { amountToCollect } from "~/lib/delivery-sheet";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { uuidField } from "~/lib/form-schema";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/lib/form-text";
import { formatRupiah, MAX_PAYMENT } from "~/lib/money";
import { wholeNumberField } from "~/lib/number-input";
import { shortOrderId } from "~/lib/orders";
import { amountDue, signedRupiah } from "~/lib/payments";
import { formatIndonesianPhone, whatsappNumber } from "~/lib/phone";
import { isCourierRole } from "~/lib/roles";
import { mapsSearchHref, whatsappHref } from "~/lib/shop";
import { FAILED_DELIVERY_REASONS, orderStops, type FailedDeliveryReason } from "~/lib/stop-order";
import { slotName, type DeliverySlot } from "~/lib/vocab/delivery-slots";
import { isCashOnDelivery } from "~/lib/vocab/payment-methods";
import { formatAmount } from "~/lib/weight";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { now as clockNow, shopToday } from "../clock.server";
import { log } from "../logger.server";
import { notify } from "../notifications/notify.server";
import { recordOrderChange } from "../orders/changes.server";
import { doorstepColumns, lockOrder } from "../orders/columns.server";
import { announceOrderNews } from "../orders/events.server";
import { settleDifference } from "../orders/payments.server";
import { changeOrderStatus } from "../orders/status.server";
import { customerTelHref } from "../orders/view.server";
import { customerBalance } from "../payments/balance.server";
import { getStorage, randomKey } from "../uploads/storage.server";
import { imageFileSchema, reencodeImage } from "../uploads/reencode.server";
import { loadStopPositions } from "./runs.server";

export type CourierActor = { id: string; name: string; role: string };

/** Anyone but a courier is refused here, whatever route called. */
export function assertCourier(actor: CourierActor | null | undefined): asserts actor is CourierActor {
  if (!actor || !isCourierRole(actor.role))
    throw new Response("Akses ditolak.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

// ---------------------------------------------------------------- the courier's runs

export type CourierStop = {
  number: number;
  orderId: string;
  shortId: string;
  area: string;
  recipientName: string;
  phoneText: string;
  recipientAddress: string;
  notes: string;
  lines: { name: string; amount: string; note: string; weighed: boolean }[];
  collect: number | null;
  /** What the customer still owes from earlier orders ('Saldo' below zero), as a positive amount. */
  owed: number;
  cashOnDelivery: boolean;
  outcome: "delivered" | "failed" | null;
  outcomeText: string;
  cashReceived: number | null;
  links: { tel: string; whatsapp: string; maps: string };
};

export type CourierRun = {
  id: string;
  date: string;
  slot: DeliverySlot;
  name: string;
  stops: CourierStop[];
  expectedCash: number;
  courierCash: number | null;
  staffCash: number | null;
  accepted: boolean;
};

/** The courier's runs of today and tomorrow, each with its stops in the sheet's order. */
export async function loadCourierRuns(db: Queryable, courier: CourierActor, shopName: string): Promise<CourierRun[]> {
  assertCourier(courier);
  const today = shopToday();
  const runs = await db
    .select()
    .from(courierRuns)
    .where(and(eq(courierRuns.courierId, courier.id), inArray(courierRuns.deliveryDate, [today, addDays(today, 1)])))
    .orderBy(asc(courierRuns.deliveryDate), sql`${courierRuns.deliverySlot} = 'sore'`);
  if (runs.length === 0) return [];
  const rows = await db
    .select({
      runId: courierStops.runId,
      outcome: courierStops.outcome,
      recipientNameAtDoor: courierStops.recipientName,
      failReason: courierStops.failReason,
      cashReceived: courierStops.cashReceived,
      ...doorstepColumns,
      userId: orders.userId,
    })
    .from(courierStops)
    .innerJoin(orders, eq(orders.id, courierStops.orderId))
    .where(
      and(
        inArray(
          courierStops.runId,
          runs.map((r) => r.id),
        ),
        sql`${orders.status} <> 'cancelled'`,
      ),
    );
  const ids = rows.map((r) => r.id);
  const items =
    ids.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            name: orderItems.productName,
            unit: orderItems.productUnit,
            quantity: orderItems.quantity,
            soldByWeight: orderItems.soldByWeight,
            note: orderItems.note,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(asc(orderItems.productName), asc(orderItems.id));
  const positions = await loadStopPositions(
    db,
    rows.map((r) => r.recipientAddress),
  );
  const balances = new Map<string, number>();
  for (const userId of new Set(rows.map((r) => r.userId))) balances.set(userId, await customerBalance(db, userId));
  return runs.map((run) => {
    const mine = rows.filter((r) => r.runId === run.id);
    let number = 0;
    const stops = orderStops(mine, positions).flatMap(({ area, orders: group }) =>
      group.map((r): CourierStop => {
        const balance = balances.get(r.userId) ?? 0;
        return {
          number: ++number,
          orderId: r.id,
          shortId: shortOrderId(r.id),
          area,
          recipientName: r.recipientName,
          phoneText: formatIndonesianPhone(r.recipientPhone),
          recipientAddress: r.recipientAddress,
          notes: r.notes,
          lines: items
            .filter((i) => i.orderId === r.id)
            .map((i) => ({
              name: i.name,
              amount: formatAmount(i.quantity, { soldByWeight: i.soldByWeight, unit: i.unit }),
              note: i.note,
              weighed: i.soldByWeight,
            })),
          collect: r.cashReceived === null ? (amountToCollect(r)?.amount ?? null) : null,
          owed: balance < 0 ? -balance : 0,
          cashOnDelivery: isCashOnDelivery(r.paymentMethod),
          outcome: r.outcome === "delivered" || r.outcome === "failed" ? r.outcome : null,
          outcomeText:
            r.outcome === "delivered"
              ? `Terkirim${r.recipientNameAtDoor ? `, diterima ${r.recipientNameAtDoor}` : ""}`
              : r.outcome === "failed"
                ? `Gagal Antar: ${r.failReason}`
                : "",
          cashReceived: r.cashReceived,
          links: {
            tel: customerTelHref(r.recipientPhone),
            whatsapp: whatsappHref(
              whatsappNumber(r.recipientPhone),
              `Halo ${r.recipientName}, saya kurir ${shopName}, sedang menuju alamat Anda untuk mengantar pesanan #${shortOrderId(r.id)}.`,
            ),
            maps: mapsSearchHref(r.recipientAddress),
          },
        };
      }),
    );
    return {
      id: run.id,
      date: run.deliveryDate,
      slot: run.deliverySlot as DeliverySlot,
      name: slotName(run.deliverySlot as DeliverySlot),
      stops,
      expectedCash: mine.reduce((sum, r) => sum + (r.cashReceived ?? 0), 0),
      courierCash: run.courierCash,
      staffCash: run.staffCash,
      accepted: run.acceptedAt !== null,
    };
  });
}

// ---------------------------------------------------------------- a step at the door

const REASON_MAX = 200;
const keyField = z
  .string({ error: "Langkah ini tidak dapat dikenali. Muat ulang halaman." })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "Langkah ini tidak dapat dikenali. Muat ulang halaman.");
const takenAtField = z
  .string()
  .max(40)
  .optional()
  .transform((v) => {
    const at = v ? new Date(v) : null;
    return at && !Number.isNaN(at.getTime()) ? at : null;
  });
const base = { orderId: uuidField("Pesanan tidak ditemukan."), key: keyField, takenAt: takenAtField };

export const courierStepSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({
        intent: z.literal("delivered"),
        ...base,
        recipientName: z
          .string()
          .trim()
          .max(100, "Nama penerima maksimal 100 karakter.")
          .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE)
          .optional()
          .default(""),
        photo: imageFileSchema.optional().catch(undefined),
      })
      .refine((v) => v.recipientName.length > 0 || v.photo !== undefined, {
        message: "Tulis nama penerima atau ambil foto.",
        path: ["recipientName"],
      }),
    z
      .object({
        intent: z.literal("failed"),
        ...base,
        reason: z.enum(Object.keys(FAILED_DELIVERY_REASONS) as [FailedDeliveryReason, ...FailedDeliveryReason[]], {
          message: "Pilih alasan gagal antar.",
        }),
        reasonOther: z
          .string()
          .trim()
          .max(REASON_MAX, `Alasan maksimal ${REASON_MAX} karakter.`)
          .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE)
          .optional()
          .default(""),
      })
      .refine((v) => v.reason !== "lainnya" || v.reasonOther.length >= 3, {
        message: "Tulis alasannya.",
        path: ["reasonOther"],
      }),
    z.object({
      intent: z.literal("cash"),
      ...base,
      amount: wholeNumberField({
        kind: "rupiah",
        label: "Uang diterima",
        min: 0,
        max: MAX_PAYMENT,
        required: "Isi jumlah uang yang diterima.",
      }),
    }),
  ],
  { error: "Permintaan tidak dikenal." },
);
export type CourierStep = z.output<typeof courierStepSchema>;

class StepRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The moment the courier took the step: the phone's, when it is believable, else now. */
function stampOf(takenAt: Date | null): Date {
  const now = clockNow();
  if (!takenAt) return now;
  const age = now.getTime() - takenAt.getTime();
  return age >= 0 && age <= 48 * 60 * 60 * 1000 ? takenAt : now;
}

/** Tells the staff dashboard, live, in every server process (the same numbering as new orders). */
async function tellDashboard(tx: Queryable, orderId: string, note: string): Promise<void> {
  await announceOrderNews(tx, orderId, "courier", note);
}

/**
 * One step of the courier at a stop of their own run. A step whose key was taken before
 * answers as it did then and changes nothing.
 */
export async function takeCourierStep(db: Queryable, courier: CourierActor, step: CourierStep): Promise<FormResult> {
  assertCourier(courier);
  const short = shortOrderId(step.orderId);
  const [mine] = await db
    .select({ runId: courierStops.runId })
    .from(courierStops)
    .innerJoin(courierRuns, eq(courierRuns.id, courierStops.runId))
    .where(and(eq(courierStops.orderId, step.orderId), eq(courierRuns.courierId, courier.id)));
  if (!mine) return formFailure(404, "Pesanan ini tidak ada di rute Anda.");
  const [seen] = await db
    .select({ description: courierActions.description })
    .from(courierActions)
    .where(and(eq(courierActions.courierId, courier.id), eq(courierActions.idempotencyKey, step.key)));
  if (seen) return formSuccess(`Sudah tercatat: ${seen.description}`);
  // The photo is decoded and stored before the transaction: a refused photo stores nothing.
  let photoKey: string | null = null;
  if (step.intent === "delivered" && step.photo) {
    const encoded = await reencodeImage(step.photo, 1280, "webp", "foto penerima");
    if (!encoded.ok) return formFailure(encoded.status, encoded.message);
    photoKey = randomKey("delivery-photos", "webp");
    await getStorage().put(photoKey, encoded.data);
  }
  const at = stampOf(step.takenAt);
  try {
    return await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(courierActions)
        .values({
          idempotencyKey: step.key,
          courierId: courier.id,
          orderId: step.orderId,
          kind: step.intent,
          description: "",
          takenAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: courierActions.id });
      // Sent twice at once: the other request took it.
      if (inserted.length === 0) return formSuccess(`Langkah untuk pesanan #${short} sudah tercatat.`);
      const description = await applyStep(tx, courier, step, at, photoKey);
      await tx.update(courierActions).set({ description }).where(eq(courierActions.id, inserted[0].id));
      await tellDashboard(tx, step.orderId, `${courier.name}: ${description}`);
      log.info("courier step", { orderId: step.orderId, courierId: courier.id, kind: step.intent });
      return formSuccess(description);
    });
  } catch (error) {
    if (error instanceof StepRefused) return formFailure(error.status, error.message);
    throw error;
  }
}

async function applyStep(
  tx: Queryable,
  courier: CourierActor,
  step: CourierStep,
  at: Date,
  photoKey: string | null,
): Promise<string> {
  const short = shortOrderId(step.orderId);
  if (step.intent === "delivered") {
    const who = step.recipientName || "(foto penerima)";
    const changed = await changeOrderStatus(tx, {
      orderId: step.orderId,
      status: "completed",
      changedBy: courier.id,
      note: `Terkirim oleh kurir ${courier.name}, diterima ${who}`,
      onlyFrom: ["pending", "processing"],
      refusal: `Pesanan #${short} sudah dibatalkan; jangan serahkan. Hubungi toko.`,
    });
    if (!changed.ok) throw new StepRefused(changed.status, changed.message);
    await tx
      .update(courierStops)
      .set({ outcome: "delivered", outcomeAt: at, recipientName: step.recipientName, photoKey, failReason: "" })
      .where(eq(courierStops.orderId, step.orderId));
    return `Pesanan #${short} terkirim, diterima ${who}.`;
  }
  if (step.intent === "failed") {
    const reason = step.reason === "lainnya" ? step.reasonOther : FAILED_DELIVERY_REASONS[step.reason];
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, step.orderId))
      .for("update");
    if (order?.status === "completed" || order?.status === "cancelled")
      throw new StepRefused(409, `Pesanan #${short} sudah ${order.status === "completed" ? "selesai" : "dibatalkan"}.`);
    await tx
      .update(courierStops)
      .set({ outcome: "failed", outcomeAt: at, failReason: reason })
      .where(eq(courierStops.orderId, step.orderId));
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, step.orderId));
    await notify(tx, { kind: "delivery-failed", order: step.orderId, reason });
    return `Pesanan #${short} gagal antar: ${reason}.`;
  }
  const order = await lockOrder(tx, step.orderId);
  if (!order) throw new StepRefused(404, "Pesanan tidak ditemukan.");
  if (!isCashOnDelivery(order.paymentMethod))
    throw new StepRefused(409, `Pesanan #${short} tidak dibayar tunai di tempat.`);
  if (order.paymentStatus === "paid") throw new StepRefused(409, `Pembayaran pesanan #${short} sudah Lunas.`);
  const due = amountDue(order);
  await tx
    .update(orders)
    .set({ paymentStatus: "paid", paidAmount: step.amount, paidAt: at, updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  await tx
    .update(courierStops)
    .set({ cashReceived: step.amount, cashAt: at })
    .where(eq(courierStops.orderId, step.orderId));
  await recordOrderChange(tx, order, {
    kind: "payment",
    description: `Uang Diterima kurir ${courier.name}: ${formatRupiah(step.amount)}`,
    changedBy: courier.id,
  });
  if (order.billFinalAt) await settleDifference(tx, order, step.amount, due, courier.id);
  await notify(tx, { kind: "payment-verified", order: order.id });
  const difference = step.amount - due;
  return difference === 0
    ? `Uang diterima ${formatRupiah(step.amount)} untuk pesanan #${short}.`
    : `Uang diterima ${formatRupiah(step.amount)} untuk pesanan #${short} (tagihan ${formatRupiah(due)}, selisih ${signedRupiah(difference)} ke Saldo).`;
}

// ---------------------------------------------------------------- for staff, on the order

export type DoorRecord = {
  courierName: string;
  outcome: string | null;
  recipientName: string;
  failReason: string;
  hasPhoto: boolean;
  cashReceived: number | null;
  steps: { description: string; takenAt: Date }[];
};

/** What the courier recorded at the door of an order (staff's order page), or null. */
export async function loadDoorRecord(db: Queryable, actor: AdminActor, orderId: string): Promise<DoorRecord | null> {
  assertAdmin(actor);
  const [stop] = await db
    .select({
      courierName: users.name,
      outcome: courierStops.outcome,
      recipientName: courierStops.recipientName,
      failReason: courierStops.failReason,
      photoKey: courierStops.photoKey,
      cashReceived: courierStops.cashReceived,
    })
    .from(courierStops)
    .innerJoin(courierRuns, eq(courierRuns.id, courierStops.runId))
    .innerJoin(users, eq(users.id, courierRuns.courierId))
    .where(eq(courierStops.orderId, orderId));
  if (!stop) return null;
  const steps = await db
    .select({ description: courierActions.description, takenAt: courierActions.takenAt })
    .from(courierActions)
    .where(eq(courierActions.orderId, orderId))
    .orderBy(asc(courierActions.takenAt));
  return { ...stop, hasPhoto: stop.photoKey !== null, steps };
}

/** The photo taken at the door, for staff only. */
export async function readDoorPhoto(db: Queryable, actor: AdminActor, orderId: string) {
  assertAdmin(actor);
  if (!isUuid(orderId)) return null;
  const [stop] = await db
    .select({ photoKey: courierStops.photoKey })
    .from(courierStops)
    .where(eq(courierStops.orderId, orderId));
  if (!stop?.photoKey) return null;
  return getStorage().get(stop.photoKey);
}
