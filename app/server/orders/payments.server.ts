// The payment of an order, apart from its status: the customer's 'Unggah Bukti Bayar' (a
// private image, re-encoded), staff's 'Tandai Lunas' and 'Tolak Bukti', and what a payment that
// differs from the amount due, or the 'Saldo' taken into a final bill, writes to the customer's
// balance and the order's 'Riwayat Perubahan'. Each change is one transaction that locks the
// order; anything refused stores nothing.
import { and, desc, eq, gt, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { balanceEntries, orders } from "~/db/schema";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/lib/form-text";
import { formatRupiah, MAX_PAYMENT } from "~/lib/money";
import { wholeNumberField } from "~/lib/number-input";
import { orderGrandTotal, shortOrderId } from "~/lib/orders";
import { needsProof } from "~/lib/vocab/payment-methods";
import { amountDue, balanceMoveRefusal, balanceToApply, REJECT_REASON_MAX, signedRupiah } from "~/lib/payments";
import { PAYMENT_STATUS } from "~/lib/vocab/payment-statuses";
import { isStaffRole } from "~/lib/roles";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { log } from "../logger.server";
import { notify } from "../notifications/notify.server";
import { assertBalanceMove, customerBalance, lockBalance, PaymentRefused } from "../payments/balance.server";
import { paidTransferCode, releaseTransferCode } from "../payments/transfer-code.server";
import { hitRateLimit, retryMessage } from "../rate-limit.server";
import { getStorage, randomKey, type StoredFile } from "../uploads/storage.server";
import { imageFileSchema, reencodeImage } from "../uploads/reencode.server";
import { now as clockNow } from "../clock.server";
import { recordOrderChange } from "./changes.server";
import { lockOrder } from "./columns.server";
import { announceOrderNews } from "./events.server";

export { imageFileSchema };

const PROOF_TITLE = "Bukti Bayar Gagal Diunggah";
const NOT_FOUND = "Pesanan tidak ditemukan.";

function refusal(error: unknown, title?: string) {
  if (!(error instanceof PaymentRefused)) throw error;
  return formFailure(error.status, error.message, {
    title,
    fieldErrors: error.field ? { [error.field]: error.message } : {},
  });
}

// ---------------------------------------------------------------- proof of payment (customer)

export const proofUploadSchema = z.object({ proof: imageFileSchema });

const proofStateColumns = {
  status: orders.status,
  totalAmount: orders.totalAmount,
  billFinalAt: orders.billFinalAt,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  paymentProofKey: orders.paymentProofKey,
};

type ProofState = { status: string; billFinalAt: Date | null; paymentMethod: string | null; paymentStatus: string };

/** Why the order cannot take a proof now, or null when it can. */
function proofRefusal(order: ProofState | undefined): PaymentRefused | null {
  if (!order) return new PaymentRefused(404, NOT_FOUND);
  if (order.status === "cancelled") return new PaymentRefused(409, "Pesanan ini sudah dibatalkan.");
  if (!order.billFinalAt) return new PaymentRefused(409, "Tagihan belum final. Tunggu tagihan final sebelum membayar.");
  if (!needsProof(order.paymentMethod))
    return new PaymentRefused(409, "Pesanan ini dibayar tunai saat diantar: tidak perlu bukti bayar.");
  if (order.paymentStatus === "paid") return new PaymentRefused(409, "Pembayaran pesanan ini sudah Lunas.");
  return null;
}

/** What the staff's live box says when a proof arrives. */
export const PROOF_NEWS = "Bukti bayar masuk";
export const STAFF_PROOF_NEWS = "Bukti bayar dari WhatsApp dilampirkan staf";

/**
 * 'Unggah Bukti Bayar' for the customer's own order whose bill is final and is paid by QRIS
 * or transfer: the image is stored privately and the payment waits for staff. The order is
 * checked before the image is even read, so a customer cannot make the server decode images
 * for an order that would refuse them (checked again, locked, when the proof is recorded).
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
  const failure = await storeProof(db, { orderId, owner: userId, by: null, proof: input.proof });
  if (failure) return failure;
  log.info("payment proof uploaded", { orderId });
  return formSuccess(`Bukti bayar terkirim. Status pembayaran: ${PAYMENT_STATUS.pending.label}.`);
}

/**
 * 'Lampirkan Bukti' on the staff order page: a proof the customer sent in the WhatsApp chat,
 * attached by staff on their behalf. The same image gate, storage and order rules as the
 * customer's upload, recorded as attached by staff (on the order and in its 'Riwayat
 * Perubahan'); the payment then waits for 'Tandai Lunas' like any proof.
 */
export async function attachPaymentProofByStaff(
  db: Queryable,
  actor: AdminActor,
  orderId: string,
  input: z.output<typeof proofUploadSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  if (!isUuid(orderId)) return formFailure(404, NOT_FOUND, { title: PROOF_TITLE });
  const failure = await storeProof(db, { orderId, owner: null, by: actor.id, proof: input.proof });
  if (failure) return failure;
  log.info("payment proof attached by staff", { orderId, by: actor.id });
  return formSuccess(
    `Bukti bayar dilampirkan. Status pembayaran: ${PAYMENT_STATUS.pending.label}. Periksa lalu tekan 'Tandai Lunas'.`,
  );
}

/**
 * Stores a proof for an order that may take one (of `owner` when a customer sends it) and
 * tells the staff's live box; a refusal stores nothing, and a proof it replaces is deleted.
 */
async function storeProof(
  db: Queryable,
  input: { orderId: string; owner: string | null; by: string | null; proof: File },
): Promise<FormResult | null> {
  const { orderId, owner, by } = input;
  const whose = owner ? and(eq(orders.id, orderId), eq(orders.userId, owner)) : eq(orders.id, orderId);
  const [order] = await db.select(proofStateColumns).from(orders).where(whose);
  const early = proofRefusal(order);
  if (early) return refusal(early, PROOF_TITLE);
  const encoded = await reencodeImage(input.proof, 1600, "webp", "payment proof");
  if (!encoded.ok)
    return formFailure(encoded.status, encoded.message, {
      title: PROOF_TITLE,
      fieldErrors: { proof: encoded.message },
    });
  const key = randomKey("proofs", "webp");
  await getStorage().put(key, encoded.data);
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select(proofStateColumns).from(orders).where(whose).for("update");
      if (!locked) throw new PaymentRefused(404, NOT_FOUND);
      const refused = proofRefusal(locked);
      if (refused) throw refused;
      replaced = locked.paymentProofKey;
      await tx
        .update(orders)
        .set({
          paymentStatus: "pending",
          paymentProofKey: key,
          paymentProofAt: clockNow(),
          paymentProofBy: by,
          paymentRejectReason: "",
          updatedAt: new Date(),
        })
        .where(eq(orders.id, orderId));
      if (by)
        await recordOrderChange(
          tx,
          { id: orderId, totalAmount: locked.totalAmount },
          {
            kind: "payment",
            description: "Bukti bayar dari WhatsApp dilampirkan staf",
            changedBy: by,
          },
        );
      await announceOrderNews(tx, orderId, "proof", by ? STAFF_PROOF_NEWS : PROOF_NEWS);
    });
  } catch (error) {
    await getStorage().delete(key);
    return refusal(error, PROOF_TITLE);
  }
  if (replaced)
    await getStorage()
      .delete(replaced)
      .catch((error) => log.warn("old proof not deleted", { error }));
  return null;
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

/**
 * The payment's difference from the amount due goes to the customer's balance, with a line in
 * the order's 'Riwayat Perubahan'. Only once the bill is final: before that the amount due
 * may still change with the weighing. A payment that carried a 'kode unik' is settled against
 * it: an added code is credited as its own 'Kode unik' line (when the payment holds it), a
 * subtracted one is the shop's, so the amount asked counts as the bill paid.
 */
export async function settleDifference(
  tx: Queryable,
  order: { id: string; userId: string; totalAmount: number },
  paid: number,
  due: number,
  by: string | null,
) {
  const code = await paidTransferCode(tx, order.id);
  const moves: { amount: number; entry: string; line: string }[] = [];
  let expected = due;
  if (code?.mode === "subtracted") {
    expected = due - code.code;
    await recordOrderChange(tx, order, {
      kind: "payment",
      description: `Kode unik ${formatRupiah(code.code)} dikurangkan dari tagihan (ditanggung toko)`,
      changedBy: by,
    });
  }
  let difference = paid - expected;
  if (code?.mode === "added" && difference >= code.code) {
    difference -= code.code;
    const text = `Kode unik ${formatRupiah(code.code)} masuk Saldo`;
    moves.push({ amount: code.code, entry: text, line: text });
  }
  if (difference !== 0) {
    const description =
      difference > 0
        ? `Lebih bayar ${formatRupiah(difference)} masuk Saldo`
        : `Kurang bayar ${formatRupiah(-difference)} masuk Saldo`;
    moves.push({
      amount: difference,
      entry: description,
      line: `${description}: dibayar ${formatRupiah(paid)}, tagihan ${formatRupiah(expected)}`,
    });
  }
  if (moves.length === 0) return;
  await lockBalance(tx, order.userId);
  await assertBalanceMove(
    tx,
    order.userId,
    moves.reduce((sum, m) => sum + m.amount, 0),
    "paidAmount",
  );
  for (const move of moves) {
    await tx.insert(balanceEntries).values({
      userId: order.userId,
      orderId: order.id,
      kind: "payment",
      amount: move.amount,
      description: `${move.entry} (pesanan #${shortOrderId(order.id)})`,
      createdBy: by,
      // The real moment, not the transaction's start: the next bill finds this entry after the last one it took.
      createdAt: sql`clock_timestamp()`,
    });
    await recordOrderChange(tx, order, { kind: "balance", description: move.line, changedBy: by });
  }
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
    const refusal = balanceMoveRefusal(balance, -applied);
    if (refusal) throw new PaymentRefused(409, refusal);
    // The orders whose entries made the balance since it was last taken into a bill: their
    // payments, and what a cancelled order gave back. A cancelled order's bill took nothing in
    // the end, so its own 'applied' entry is no mark of where the last bill was.
    const [lastApplied] = await tx
      .select({ at: balanceEntries.createdAt })
      .from(balanceEntries)
      .innerJoin(orders, eq(orders.id, balanceEntries.orderId))
      .where(
        and(eq(balanceEntries.userId, row.userId), eq(balanceEntries.kind, "applied"), ne(orders.status, "cancelled")),
      )
      .orderBy(desc(balanceEntries.createdAt))
      .limit(1);
    const sources = await tx
      .selectDistinct({ orderId: balanceEntries.orderId, totalAmount: orders.totalAmount })
      .from(balanceEntries)
      .innerJoin(orders, eq(orders.id, balanceEntries.orderId))
      .where(
        and(
          eq(balanceEntries.userId, row.userId),
          or(eq(balanceEntries.kind, "payment"), eq(orders.status, "cancelled")),
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
    await recordOrderChange(tx, current, {
      kind: "balance",
      description:
        applied > 0
          ? `Saldo lebih bayar ${formatRupiah(applied)}${from ? ` dari pesanan ${from}` : ""} dipotong dari tagihan`
          : `Kurang bayar ${formatRupiah(-applied)}${from ? ` dari pesanan ${from}` : ""} ditambahkan ke tagihan`,
      changedBy: by,
    });
    for (const source of sources) {
      if (source.orderId === order.id) continue;
      await recordOrderChange(
        tx,
        { id: source.orderId, totalAmount: source.totalAmount },
        {
          kind: "balance",
          description: `Saldo ${signedRupiah(applied)} dibawa ke tagihan pesanan #${shortOrderId(order.id)}`,
          changedBy: by,
        },
      );
    }
  }
  if (row.paymentStatus === "paid" && row.paidAmount !== null)
    await settleDifference(tx, current, row.paidAmount, grand - applied, by);
  return applied;
}

// ---------------------------------------------------------------- staff: 'Tandai Lunas', 'Tolak Bukti'

export const markPaidSchema = z.object({
  paidAmount: wholeNumberField({
    kind: "rupiah",
    label: "Jumlah diterima",
    min: 0,
    max: MAX_PAYMENT,
    required: "Isi jumlah yang diterima.",
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
  const order = await lockOrder(tx, orderId);
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
    return await db.transaction((tx) =>
      recordPayment(tx, orderId, {
        paidAmount: input.paidAmount,
        by: actor.id,
        description: `Tandai Lunas: diterima ${formatRupiah(input.paidAmount)}`,
      }),
    );
  } catch (error) {
    return refusal(error);
  }
}

/**
 * Records a payment received for the order, inside the caller's transaction: 'Lunas' with the
 * amount, a change line, its 'kode unik' released, the difference settled once the bill is
 * final, and the customer told. 'Tandai Lunas' and a bank statement line matched to the order
 * both pay through here. Throws `PaymentRefused` (nothing stored) for a cancelled or paid order.
 */
export async function recordPayment(
  tx: Queryable,
  orderId: string,
  payment: { paidAmount: number; by: string | null; description: string },
): Promise<FormResult> {
  const order = await lockOrderForPayment(tx, orderId);
  if (order.paymentStatus === "paid") throw new PaymentRefused(409, "Pembayaran pesanan ini sudah Lunas.");
  const due = amountDue(order);
  await tx
    .update(orders)
    .set({ paymentStatus: "paid", paidAmount: payment.paidAmount, paidAt: clockNow(), updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  await recordOrderChange(tx, order, { kind: "payment", description: payment.description, changedBy: payment.by });
  await releaseTransferCode(tx, order.id, "paid");
  if (order.billFinalAt) await settleDifference(tx, order, payment.paidAmount, due, payment.by);
  await notify(tx, { kind: "payment-verified", order: order.id });
  const short = shortOrderId(order.id);
  const balanceMoved = await paymentBalanceOf(tx, order.id);
  return formSuccess(
    order.billFinalAt && balanceMoved !== 0
      ? `Pesanan #${short} Lunas. Selisih ${signedRupiah(balanceMoved)} masuk Saldo pelanggan.`
      : `Pesanan #${short} Lunas.`,
  );
}

async function paymentBalanceOf(tx: Queryable, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${balanceEntries.amount}), 0)::bigint`.mapWith(Number) })
    .from(balanceEntries)
    .where(and(eq(balanceEntries.orderId, orderId), eq(balanceEntries.kind, "payment")));
  return row?.total ?? 0;
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
      await recordOrderChange(tx, order, {
        kind: "payment",
        description: `Bukti bayar ditolak: ${input.reason}`,
        changedBy: actor.id,
      });
      await notify(tx, { kind: "payment-rejected", order: order.id, reason: input.reason });
      return formSuccess(`Bukti bayar pesanan #${shortOrderId(order.id)} ditolak.`);
    });
  } catch (error) {
    return refusal(error);
  }
}
