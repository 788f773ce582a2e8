// Payments of an order, apart from its status: the customer's 'Unggah Bukti Bayar' (a private
// image, re-encoded by sharp), staff's 'Tandai Lunas' and 'Tolak Bukti', the customer's
// 'Saldo' when a payment differs from the amount due, and the shop's QRIS image. Each change
// is one transaction that locks the order; anything refused stores nothing.
import { and, desc, eq, gt, sql } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { balanceEntries, orderChanges, orders } from "~/db/schema";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/lib/form-text";
import { formatRupiah } from "~/lib/money";
import { orderGrandTotal, shortOrderId } from "~/lib/orders";
import type { PaymentMethodsSetting } from "~/lib/payment-settings";
import { needsProof } from "~/lib/vocab/payment-methods";
import {
  amountDue,
  balanceToApply,
  parseRupiahInput,
  PROOF_MAX_BYTES,
  REJECT_REASON_MAX,
  signedRupiah,
} from "~/lib/payments";
import { PAYMENT_STATUS } from "~/lib/vocab/payment-statuses";
import { isStaffRole } from "~/lib/roles";
import { assertAdmin, assertOwner, type AdminActor } from "./admin-actor.server";
import { MAX_INPUT_PIXELS } from "./image-variants.server";
import { log } from "./logger.server";
import { queueOrderMail } from "./order-mails.server";
import { hitRateLimit, retryMessage } from "./rate-limit.server";
import { loadShopSettings, readShopSettings, saveShopSetting } from "./settings.server";
import { getStorage, publicUrlOf, randomKey, sniffImageType, type StoredFile } from "./storage.server";

const PROOF_TITLE = "Bukti Bayar Gagal Diunggah";
const NOT_FOUND = "Pesanan tidak ditemukan.";

class PaymentRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

function refusal(error: unknown, title?: string) {
  if (!(error instanceof PaymentRefused)) throw error;
  return formFailure(error.status, error.message, {
    title,
    fieldErrors: error.field ? { [error.field]: error.message } : {},
  });
}

// ---------------------------------------------------------------- images

type Encoded = { ok: true; data: Buffer } | { ok: false; message: string };

/**
 * An uploaded photo decoded by sharp, turned upright, shrunk to `maxSide` and written again:
 * whatever rode along (metadata such as the phone's location, bytes after the image) is gone.
 */
async function reencode(file: File, maxSide: number, format: "webp" | "png"): Promise<Encoded> {
  if (file.size === 0) return { ok: false, message: "Pilih gambar terlebih dahulu." };
  if (file.size > PROOF_MAX_BYTES) return { ok: false, message: "Ukuran gambar maksimal 5 MB." };
  const data = Buffer.from(await file.arrayBuffer());
  if (!sniffImageType(data)) return { ok: false, message: "Gambar harus berupa JPEG, PNG, atau WebP." };
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
    const out = format === "png" ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 82 });
    return { ok: true, data: await out.toBuffer() };
  } catch (error) {
    const tooLarge = /pixel limit/i.test(String(error));
    log.warn("uploaded payment image refused", { reason: tooLarge ? "too many pixels" : "does not decode" });
    return {
      ok: false,
      message: tooLarge
        ? "Gambar terlalu besar: maksimal 40 megapiksel."
        : "Gambar tidak dapat dibaca. Unggah foto JPEG, PNG, atau WebP yang utuh.",
    };
  }
}

/** The image field of a form: a file, or a refusal for anything else. */
export const imageFileSchema = z.custom<File>(
  (v) => typeof File !== "undefined" && v instanceof File && v.size > 0,
  "Pilih gambar terlebih dahulu.",
);

// ---------------------------------------------------------------- QRIS image (settings)

export const qrisUploadSchema = z.object({ qrisImage: imageFileSchema });

/** Stores the shop's static QRIS image and switches QRIS on: owner only. */
export async function saveQrisImage(
  db: Queryable,
  actor: AdminActor & { name: string },
  input: z.output<typeof qrisUploadSchema>,
): Promise<FormResult> {
  assertOwner(actor);
  // QR codes stay sharp as PNG; 1200 px is plenty for any phone to scan.
  const encoded = await reencode(input.qrisImage, 1200, "png");
  if (!encoded.ok)
    return formFailure(400, encoded.message, {
      title: "QRIS Gagal Disimpan",
      fieldErrors: { qrisImage: encoded.message },
    });
  const key = randomKey("qris", "png");
  await getStorage().put(key, encoded.data);
  const current = (await readShopSettings(db)).values.paymentMethods;
  const saved = await saveShopSetting(db, actor, "paymentMethods", {
    ...current,
    qris: { active: true, imageUrl: publicUrlOf(key) },
  });
  if (!saved.ok) {
    await getStorage().delete(key);
    return formFailure(saved.status, saved.message, { title: "QRIS Gagal Disimpan" });
  }
  return formSuccess("Gambar QRIS disimpan dan QRIS diaktifkan.");
}

// ---------------------------------------------------------------- proof of payment (customer)

export const proofUploadSchema = z.object({ proof: imageFileSchema });

/**
 * 'Unggah Bukti Bayar' for the customer's own order whose bill is final and is paid by QRIS
 * or transfer: the image is stored privately and the payment waits for staff.
 */
export async function uploadPaymentProof(
  db: Queryable,
  userId: string,
  orderId: string,
  input: z.output<typeof proofUploadSchema>,
): Promise<FormResult> {
  if (!isUuid(orderId)) return formFailure(404, NOT_FOUND, { title: PROOF_TITLE });
  const limit = await hitRateLimit(db, `payment-proof:${userId}`, 10, 60 * 60);
  if (!limit.allowed) return formFailure(429, retryMessage(limit.retryAfterSeconds), { title: PROOF_TITLE });
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return formFailure(404, NOT_FOUND, { title: PROOF_TITLE });
  const encoded = await reencode(input.proof, 1600, "webp");
  if (!encoded.ok)
    return formFailure(400, encoded.message, { title: PROOF_TITLE, fieldErrors: { proof: encoded.message } });
  const key = randomKey("proofs", "webp");
  await getStorage().put(key, encoded.data);
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({
          status: orders.status,
          billFinalAt: orders.billFinalAt,
          paymentMethod: orders.paymentMethod,
          paymentStatus: orders.paymentStatus,
          paymentProofKey: orders.paymentProofKey,
        })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
        .for("update");
      if (!locked) throw new PaymentRefused(404, NOT_FOUND);
      if (locked.status === "cancelled") throw new PaymentRefused(409, "Pesanan ini sudah dibatalkan.");
      if (!locked.billFinalAt)
        throw new PaymentRefused(409, "Tagihan belum final. Tunggu tagihan final sebelum membayar.");
      if (!needsProof(locked.paymentMethod))
        throw new PaymentRefused(409, "Pesanan ini dibayar tunai saat diantar: tidak perlu bukti bayar.");
      if (locked.paymentStatus === "paid") throw new PaymentRefused(409, "Pembayaran pesanan ini sudah Lunas.");
      replaced = locked.paymentProofKey;
      await tx
        .update(orders)
        .set({
          paymentStatus: "pending",
          paymentProofKey: key,
          paymentProofAt: new Date(),
          paymentRejectReason: "",
          updatedAt: new Date(),
        })
        .where(eq(orders.id, orderId));
    });
  } catch (error) {
    await getStorage().delete(key);
    return refusal(error, PROOF_TITLE);
  }
  if (replaced)
    await getStorage()
      .delete(replaced)
      .catch((error) => log.warn("old proof not deleted", { error }));
  log.info("payment proof uploaded", { orderId });
  return formSuccess(`Bukti bayar terkirim. Status pembayaran: ${PAYMENT_STATUS.pending.label}.`);
}

/**
 * The proof image of an order for its own customer or for staff; null for anyone else, and
 * for an order without a proof.
 */
export async function readPaymentProof(
  db: Queryable,
  viewer: { id: string; role: string },
  orderId: string,
): Promise<StoredFile | null> {
  if (!isUuid(orderId)) return null;
  const staff = isStaffRole(viewer.role);
  const [order] = await db
    .select({ key: orders.paymentProofKey })
    .from(orders)
    .where(staff ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, viewer.id)));
  if (!order?.key) return null;
  return getStorage().get(order.key);
}

// ---------------------------------------------------------------- balance ('Saldo')

/** The customer's balance: positive when the shop owes them, negative when they owe. */
export async function customerBalance(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${balanceEntries.amount}), 0)::int` })
    .from(balanceEntries)
    .where(eq(balanceEntries.userId, userId));
  return row?.total ?? 0;
}

/** The balance's entries, newest first, with the order each belongs to. */
export async function listBalanceEntries(db: Queryable, userId: string, limit = 20) {
  return db
    .select({
      id: balanceEntries.id,
      orderId: balanceEntries.orderId,
      kind: balanceEntries.kind,
      amount: balanceEntries.amount,
      description: balanceEntries.description,
      createdAt: balanceEntries.createdAt,
    })
    .from(balanceEntries)
    .where(eq(balanceEntries.userId, userId))
    .orderBy(desc(balanceEntries.createdAt), desc(balanceEntries.id))
    .limit(limit);
}

async function lockBalance(tx: Queryable, userId: string) {
  // One writer of a customer's balance at a time: two bills never take the same credit.
  await tx.execute(sql`select pg_advisory_xact_lock(7206, hashtext(${userId}))`);
}

async function changeLine(
  tx: Queryable,
  order: { id: string; totalAmount: number },
  kind: "payment" | "balance",
  description: string,
  changedBy: string,
) {
  await tx.insert(orderChanges).values({
    orderId: order.id,
    kind,
    description,
    totalBefore: order.totalAmount,
    totalAfter: order.totalAmount,
    changedBy,
  });
}

/**
 * The payment's difference from the amount due goes to the customer's balance, with a line in
 * the order's 'Riwayat Perubahan'. Only once the bill is final: before that the amount due
 * may still change with the weighing.
 */
async function settleDifference(
  tx: Queryable,
  order: { id: string; userId: string; totalAmount: number },
  paid: number,
  due: number,
  by: string,
) {
  const difference = paid - due;
  if (difference === 0) return;
  await lockBalance(tx, order.userId);
  const description =
    difference > 0
      ? `Lebih bayar ${formatRupiah(difference)} masuk Saldo`
      : `Kurang bayar ${formatRupiah(-difference)} masuk Saldo`;
  await tx.insert(balanceEntries).values({
    userId: order.userId,
    orderId: order.id,
    kind: "payment",
    amount: difference,
    description: `${description} (pesanan #${shortOrderId(order.id)})`,
    createdBy: by,
    // The real moment, not the transaction's start: the next bill finds this entry after the last one it took.
    createdAt: sql`clock_timestamp()`,
  });
  await changeLine(
    tx,
    order,
    "balance",
    `${description}: dibayar ${formatRupiah(paid)}, tagihan ${formatRupiah(due)}`,
    by,
  );
}

/**
 * At 'Tagihan Final': the customer's balance from earlier orders goes into this bill (a
 * credit up to the bill, a debt in full), with a change line on this order and on each
 * order the balance came from; then a payment received before the weighing is settled
 * against the final amount. Runs inside the finalising transaction.
 */
export async function applyBalanceAtFinal(
  tx: Queryable,
  order: { id: string; totalAmount: number; deliveryFee: number },
  by: string,
): Promise<number> {
  const [row] = await tx
    .select({ userId: orders.userId, paymentStatus: orders.paymentStatus, paidAmount: orders.paidAmount })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (!row) return 0;
  await lockBalance(tx, row.userId);
  const balance = await customerBalance(tx, row.userId);
  const grand = orderGrandTotal(order.totalAmount, order.deliveryFee);
  const applied = balanceToApply(balance, grand);
  const current = { id: order.id, userId: row.userId, totalAmount: order.totalAmount };
  if (applied !== 0) {
    // The orders whose payments made the balance since it was last taken into a bill.
    const [lastApplied] = await tx
      .select({ at: balanceEntries.createdAt })
      .from(balanceEntries)
      .where(and(eq(balanceEntries.userId, row.userId), eq(balanceEntries.kind, "applied")))
      .orderBy(desc(balanceEntries.createdAt))
      .limit(1);
    const sources = await tx
      .selectDistinct({ orderId: balanceEntries.orderId, totalAmount: orders.totalAmount })
      .from(balanceEntries)
      .innerJoin(orders, eq(orders.id, balanceEntries.orderId))
      .where(
        and(
          eq(balanceEntries.userId, row.userId),
          eq(balanceEntries.kind, "payment"),
          lastApplied ? gt(balanceEntries.createdAt, lastApplied.at) : undefined,
        ),
      );
    const from = sources.map((s) => `#${shortOrderId(s.orderId)}`).join(", ");
    await tx.insert(balanceEntries).values({
      userId: row.userId,
      orderId: order.id,
      kind: "applied",
      amount: -applied,
      description: `Saldo ${signedRupiah(applied)} dipakai di tagihan pesanan #${shortOrderId(order.id)}`,
      createdBy: by,
      createdAt: sql`clock_timestamp()`,
    });
    await tx.update(orders).set({ balanceApplied: applied }).where(eq(orders.id, order.id));
    await changeLine(
      tx,
      current,
      "balance",
      applied > 0
        ? `Saldo lebih bayar ${formatRupiah(applied)}${from ? ` dari pesanan ${from}` : ""} dipotong dari tagihan`
        : `Kurang bayar ${formatRupiah(-applied)}${from ? ` dari pesanan ${from}` : ""} ditambahkan ke tagihan`,
      by,
    );
    for (const source of sources) {
      if (source.orderId === order.id) continue;
      await changeLine(
        tx,
        { id: source.orderId, totalAmount: source.totalAmount },
        "balance",
        `Saldo ${signedRupiah(applied)} dibawa ke tagihan pesanan #${shortOrderId(order.id)}`,
        by,
      );
    }
  }
  if (row.paymentStatus === "paid" && row.paidAmount !== null)
    await settleDifference(tx, current, row.paidAmount, grand - applied, by);
  return applied;
}

// ---------------------------------------------------------------- staff: 'Tandai Lunas', 'Tolak Bukti'

export const markPaidSchema = z.object({
  paidAmount: z
    .string({ error: "Isi jumlah yang diterima." })
    .trim()
    .min(1, "Isi jumlah yang diterima.")
    .transform((v, ctx) => {
      const amount = parseRupiahInput(v);
      if (amount === null) {
        ctx.addIssue({ code: "custom", message: "Jumlah diterima harus angka rupiah, mis. 37000." });
        return z.NEVER;
      }
      return amount;
    }),
});

export const rejectProofSchema = z.object({
  reason: z
    .string({ error: "Tulis alasan penolakan untuk pelanggan." })
    .trim()
    .min(3, "Tulis alasan penolakan untuk pelanggan.")
    .max(REJECT_REASON_MAX, `Alasan maksimal ${REJECT_REASON_MAX} karakter.`)
    .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
});

async function lockOrderForPayment(tx: Queryable, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      totalAmount: orders.totalAmount,
      deliveryFee: orders.deliveryFee,
      balanceApplied: orders.balanceApplied,
      billFinalAt: orders.billFinalAt,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new PaymentRefused(404, NOT_FOUND);
  if (order.status === "cancelled") throw new PaymentRefused(409, "Pesanan ini sudah dibatalkan.");
  return order;
}

/** 'Tandai Lunas': the amount received is recorded; its difference from the amount due goes to 'Saldo'. */
export async function markOrderPaid(
  db: Queryable,
  actor: AdminActor,
  orderId: string,
  input: z.output<typeof markPaidSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  if (!isUuid(orderId)) return formFailure(404, NOT_FOUND);
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrderForPayment(tx, orderId);
      if (order.paymentStatus === "paid") throw new PaymentRefused(409, "Pembayaran pesanan ini sudah Lunas.");
      const due = amountDue(order);
      await tx
        .update(orders)
        .set({ paymentStatus: "paid", paidAmount: input.paidAmount, paidAt: new Date(), updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      await changeLine(tx, order, "payment", `Tandai Lunas: diterima ${formatRupiah(input.paidAmount)}`, actor.id);
      if (order.billFinalAt) await settleDifference(tx, order, input.paidAmount, due, actor.id);
      await queueOrderMail(tx, order.id, "payment-verified", { dedupeKey: `payment-verified:${order.id}` });
      const short = shortOrderId(order.id);
      const difference = input.paidAmount - due;
      return formSuccess(
        order.billFinalAt && difference !== 0
          ? `Pesanan #${short} Lunas. Selisih ${signedRupiah(difference)} masuk Saldo pelanggan.`
          : `Pesanan #${short} Lunas.`,
      );
    });
  } catch (error) {
    return refusal(error);
  }
}

/** 'Tolak Bukti': the proof waiting for verification is refused with a reason the customer reads. */
export async function rejectPaymentProof(
  db: Queryable,
  actor: AdminActor,
  orderId: string,
  input: z.output<typeof rejectProofSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  if (!isUuid(orderId)) return formFailure(404, NOT_FOUND);
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrderForPayment(tx, orderId);
      if (order.paymentStatus !== "pending")
        throw new PaymentRefused(409, "Tidak ada bukti bayar yang menunggu verifikasi.");
      await tx
        .update(orders)
        .set({ paymentStatus: "rejected", paymentRejectReason: input.reason, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      await changeLine(tx, order, "payment", `Bukti bayar ditolak: ${input.reason}`, actor.id);
      return formSuccess(`Bukti bayar pesanan #${shortOrderId(order.id)} ditolak.`);
    });
  } catch (error) {
    return refusal(error);
  }
}

// ---------------------------------------------------------------- what the pages show

export type OrderPayment = {
  method: string | null;
  status: string;
  hasProof: boolean;
  proofAt: Date | null;
  rejectReason: string;
  paidAmount: number | null;
  paidAt: Date | null;
  balanceApplied: number;
  amountDue: number;
  billFinal: boolean;
};

/** The payment of one order. Callers have checked who may read the order. */
export async function loadOrderPayment(db: Queryable, orderId: string): Promise<OrderPayment | null> {
  if (!isUuid(orderId)) return null;
  const [o] = await db
    .select({
      method: orders.paymentMethod,
      status: orders.paymentStatus,
      proofKey: orders.paymentProofKey,
      proofAt: orders.paymentProofAt,
      rejectReason: orders.paymentRejectReason,
      paidAmount: orders.paidAmount,
      paidAt: orders.paidAt,
      balanceApplied: orders.balanceApplied,
      totalAmount: orders.totalAmount,
      deliveryFee: orders.deliveryFee,
      billFinalAt: orders.billFinalAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!o) return null;
  return {
    method: o.method,
    status: o.status,
    hasProof: o.proofKey !== null,
    proofAt: o.proofAt,
    rejectReason: o.rejectReason,
    paidAmount: o.paidAmount,
    paidAt: o.paidAt,
    balanceApplied: o.balanceApplied,
    amountDue: amountDue(o),
    billFinal: o.billFinalAt !== null,
  };
}

/** The customer's balance for their profile; `userId` is the signed-in customer. */
export async function loadCustomerBalance(db: Queryable, userId: string) {
  const [balance, entries] = await Promise.all([customerBalance(db, userId), listBalanceEntries(db, userId, 10)]);
  return { balance, entries };
}

/** The shop's payment methods for pages (cached briefly). */
export async function loadPaymentMethods(db: Queryable): Promise<PaymentMethodsSetting> {
  return (await loadShopSettings(db)).values.paymentMethods;
}

/** The payment of an order and its customer's balance, for the staff order page. */
export async function loadPaymentForStaff(db: Queryable, actor: AdminActor, order: { id: string; userId: string }) {
  assertAdmin(actor);
  const [payment, balance] = await Promise.all([loadOrderPayment(db, order.id), customerBalance(db, order.userId)]);
  return { payment, customerBalance: balance };
}
