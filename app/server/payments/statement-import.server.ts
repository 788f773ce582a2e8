// 'Unggah Mutasi' on 'Pembayaran': a bank statement's lines stored once each (a line already
// imported is found by its fingerprint and adds nothing), and every new credit matched to the
// one open bill that asks for exactly that amount, dated from the day the bill was sent and
// within the payment window. Anything else (no bill, several, a date outside) waits in 'Perlu
// Dicek' for staff to pick the order or mark it 'Bukan pembayaran pesanan'. Nothing is paid on a guess.
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { bankStatementLines, orders, transferCodes } from "~/db/schema";
import { bankCsvMappingOf, bankCsvMappingSchema, STATEMENT_MAX_BYTES } from "~/lib/bank-csv-mapping";
import { addDays, shopDate } from "~/lib/dates";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { uuidField } from "~/lib/form-schema";
import { formatRupiah } from "~/lib/money";
import { shortOrderId } from "~/lib/orders";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { log } from "../logger.server";
import { recordPayment } from "../orders/payments.server";
import { readShopSettings, saveShopSetting } from "../settings.server";
import { PaymentRefused } from "./balance.server";
import { parseKlikBcaCsv, parseMappedCsv, type ParsedStatement, type StatementLine } from "./statement-csv.server";

/** Days after the bill was sent within which a credit of its amount is taken as its payment. */
export const MATCH_WINDOW_DAYS = 7;
export const STATEMENT_FORMATS = ["bca", "lainnya"] as const;

export const statementUploadSchema = z.object({
  format: z.enum(STATEMENT_FORMATS, { message: "Pilih jenis mutasi." }),
  statement: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File && v.size > 0, "Pilih berkas mutasi (CSV).")
    .refine((f) => f.size <= STATEMENT_MAX_BYTES, "Berkas mutasi maksimal 1 MB.")
    .refine(
      (f) => /\.(csv|txt)$/i.test(f.name) || /csv|text\/plain/i.test(f.type),
      "Unggah berkas CSV (.csv) dari internet banking.",
    ),
});

/** 'Dicocokkan dari mutasi BCA 05/11': the words a matched payment leaves in the change log. */
export function matchedFromText(bank: string, bookedOn: string): string {
  return `Dicocokkan dari mutasi ${bank} ${bookedOn.slice(8, 10)}/${bookedOn.slice(5, 7)}`;
}

/** An open bill a credit may pay: its amount to transfer and when its bill went out. */
type OpenBill = { orderId: string; amount: number; billSentAt: Date };

/**
 * The open transfer bills asking for exactly `amount`: the ones with a 'kode unik' of that
 * amount, and transfer bills without a code (billed before codes existed, or when none was free)
 * whose amount due is that amount.
 */
async function openBillsOf(db: Queryable, amount: number): Promise<OpenBill[]> {
  const coded = await db
    .select({ orderId: transferCodes.orderId, amount: transferCodes.amount, billSentAt: transferCodes.billSentAt })
    .from(transferCodes)
    .innerJoin(orders, eq(orders.id, transferCodes.orderId))
    .where(
      and(
        isNull(transferCodes.releasedAt),
        eq(transferCodes.amount, amount),
        ne(orders.status, "cancelled"),
        ne(orders.paymentStatus, "paid"),
      ),
    );
  const uncoded = await db
    .select({ orderId: orders.id, billSentAt: orders.billFinalAt })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, "transfer"),
        ne(orders.status, "cancelled"),
        ne(orders.paymentStatus, "paid"),
        sql`${orders.billFinalAt} is not null`,
        sql`${orders.totalAmount} + coalesce(${orders.deliveryFee}, 0) - ${orders.balanceApplied} = ${amount}`,
        sql`not exists (select 1 from ${transferCodes} where ${transferCodes.orderId} = ${orders.id} and ${transferCodes.releasedAt} is null)`,
      ),
    );
  return [...coded, ...uncoded.map((u) => ({ orderId: u.orderId, amount, billSentAt: u.billSentAt as Date }))];
}

type Decision = { state: "matched"; orderId: string } | { state: "review"; reason: string };

async function decide(db: Queryable, line: StatementLine): Promise<Decision> {
  if (line.hasSen) return { state: "review", reason: "Jumlah berisi sen: tidak ada tagihan seperti ini." };
  const bills = await openBillsOf(db, line.amount);
  if (bills.length === 0) return { state: "review", reason: "Tidak ada tagihan terbuka dengan jumlah ini." };
  if (bills.length > 1) return { state: "review", reason: `Jumlah ini cocok dengan ${bills.length} tagihan terbuka.` };
  const sent = shopDate(bills[0].billSentAt);
  if (line.bookedOn < sent) return { state: "review", reason: "Tanggal mutasi sebelum tagihan dikirim." };
  if (line.bookedOn > addDays(sent, MATCH_WINDOW_DAYS))
    return { state: "review", reason: `Tanggal mutasi lebih dari ${MATCH_WINDOW_DAYS} hari setelah tagihan dikirim.` };
  return { state: "matched", orderId: bills[0].orderId };
}

export type ImportOutcome = { added: number; repeated: number; matched: number; review: number; pending: number };

/** Stores the statement's new lines and matches each new credit; lines seen before add nothing. */
export async function importStatement(
  db: Queryable,
  actor: AdminActor,
  statement: ParsedStatement,
): Promise<ImportOutcome> {
  assertAdmin(actor);
  const outcome: ImportOutcome = { added: 0, repeated: 0, matched: 0, review: 0, pending: statement.pending };
  for (const line of statement.lines) {
    await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(bankStatementLines)
        .values({
          fingerprint: line.fingerprint,
          bank: statement.bank,
          bookedOn: line.bookedOn,
          description: line.description,
          amount: line.amount,
          state: line.amount > 0 ? "review" : "debit",
          importedBy: actor.id,
        })
        .onConflictDoNothing()
        .returning({ id: bankStatementLines.id });
      if (!stored) {
        outcome.repeated++;
        return;
      }
      outcome.added++;
      if (line.amount <= 0) return;
      const decision = await decide(tx, line);
      if (decision.state === "matched") {
        const paid = await payFromLine(tx, stored.id, decision.orderId, {
          amount: line.amount,
          description: `${matchedFromText(statement.bank, line.bookedOn)}: diterima ${formatRupiah(line.amount)}`,
          by: actor.id,
        });
        if (paid.ok) {
          outcome.matched++;
          return;
        }
        await tx
          .update(bankStatementLines)
          .set({ reviewReason: paid.message })
          .where(eq(bankStatementLines.id, stored.id));
      } else {
        await tx
          .update(bankStatementLines)
          .set({ reviewReason: decision.reason })
          .where(eq(bankStatementLines.id, stored.id));
      }
      outcome.review++;
    });
  }
  log.info("bank statement imported", { bank: statement.bank, ...outcome });
  return outcome;
}

/** Pays the order from a stored line (inside a savepoint: a refused payment leaves the line as it was). */
async function payFromLine(
  tx: Queryable,
  lineId: string,
  orderId: string,
  payment: { amount: number; description: string; by: string },
): Promise<FormResult> {
  try {
    return await tx.transaction(async (inner) => {
      const result = await recordPayment(inner, orderId, {
        paidAmount: payment.amount,
        by: payment.by,
        description: payment.description,
      });
      await inner
        .update(bankStatementLines)
        .set({ state: "matched", orderId, reviewReason: "", decidedBy: payment.by, decidedAt: new Date() })
        .where(eq(bankStatementLines.id, lineId));
      return result;
    });
  } catch (error) {
    if (!(error instanceof PaymentRefused)) throw error;
    return formFailure(error.status, error.message);
  }
}

/** 'Unggah Mutasi': reads the file in the chosen format, then imports it. */
export async function uploadStatement(
  db: Queryable,
  actor: AdminActor,
  input: z.output<typeof statementUploadSchema>,
): Promise<FormResult<{ outcome?: ImportOutcome }>> {
  assertAdmin(actor);
  const text = await input.statement.text();
  let parsed;
  if (input.format === "bca") parsed = parseKlikBcaCsv(text);
  else {
    const mapping = bankCsvMappingOf((await readShopSettings(db)).values.bankCsvMapping);
    if (!mapping)
      return formFailure(
        409,
        "Belum ada pemetaan kolom untuk bank lain. Isi 'Pemetaan Kolom' dulu, lalu unggah lagi.",
        {
          title: "Mutasi Belum Dibaca",
        },
      );
    parsed = parseMappedCsv(text, mapping);
  }
  if (!parsed.ok) return formFailure(400, parsed.message, { title: "Mutasi Tidak Terbaca" });
  if (parsed.statement.lines.length === 0)
    return formFailure(400, "Tidak ada baris mutasi di berkas ini.", { title: "Mutasi Kosong" });
  const outcome = await importStatement(db, actor, parsed.statement);
  const parts = [
    `${outcome.added} baris baru`,
    `${outcome.matched} pesanan Lunas`,
    `${outcome.review} perlu dicek`,
    ...(outcome.repeated ? [`${outcome.repeated} baris sudah pernah diunggah`] : []),
    ...(outcome.pending ? [`${outcome.pending} baris PEND dilewati`] : []),
  ];
  return formSuccess(`Mutasi ${parsed.statement.bank} dibaca: ${parts.join(", ")}.`, { outcome });
}

// ---------------------------------------------------------------- 'Perlu Dicek'

export const reviewDecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("pick"),
    lineId: uuidField("Baris mutasi tidak ditemukan."),
    orderId: uuidField("Pilih pesanannya."),
  }),
  z.object({ intent: z.literal("not-order"), lineId: uuidField("Baris mutasi tidak ditemukan.") }),
]);

/** One tap on a 'Perlu Dicek' line: the order it pays, or 'Bukan pembayaran pesanan'. */
export async function decideStatementLine(
  db: Queryable,
  actor: AdminActor,
  input: z.output<typeof reviewDecisionSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({
        id: bankStatementLines.id,
        state: bankStatementLines.state,
        bank: bankStatementLines.bank,
        bookedOn: bankStatementLines.bookedOn,
        amount: bankStatementLines.amount,
      })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, input.lineId))
      .for("update");
    if (!line) return formFailure(404, "Baris mutasi tidak ditemukan.");
    if (line.state !== "review") return formFailure(409, "Baris mutasi ini sudah diputuskan.");
    if (input.intent === "not-order") {
      await tx
        .update(bankStatementLines)
        .set({ state: "not-order", decidedBy: actor.id, decidedAt: new Date() })
        .where(eq(bankStatementLines.id, line.id));
      return formSuccess(`Mutasi ${formatRupiah(line.amount)} ditandai bukan pembayaran pesanan.`);
    }
    const paid = await payFromLine(tx, line.id, input.orderId, {
      amount: line.amount,
      description: `${matchedFromText(line.bank, line.bookedOn)} (dipilih staf): diterima ${formatRupiah(line.amount)}`,
      by: actor.id,
    });
    return paid.ok ? formSuccess(`${paid.message} ${matchedFromText(line.bank, line.bookedOn)}.`) : paid;
  });
}

// ---------------------------------------------------------------- the page

/** Open bills staff may pick for a line: the ones with its exact amount first, then the nearest. */
async function pickableBills(db: Queryable) {
  const rows = await db
    .select({
      id: orders.id,
      recipientName: orders.recipientName,
      paymentMethod: orders.paymentMethod,
      due: sql<number>`${orders.totalAmount} + coalesce(${orders.deliveryFee}, 0) - ${orders.balanceApplied}`.mapWith(
        Number,
      ),
      transferAmount: transferCodes.amount,
    })
    .from(orders)
    .leftJoin(transferCodes, and(eq(transferCodes.orderId, orders.id), isNull(transferCodes.releasedAt)))
    .where(
      and(
        ne(orders.status, "cancelled"),
        ne(orders.paymentStatus, "paid"),
        inArray(orders.paymentMethod, ["transfer", "qris"]),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    shortId: shortOrderId(r.id),
    recipientName: r.recipientName,
    paymentMethod: r.paymentMethod,
    amount: r.transferAmount ?? r.due,
  }));
}

export type PickableBill = Awaited<ReturnType<typeof pickableBills>>[number];

/** 'Pembayaran': the lines waiting for staff with the bills they may pay, and the latest matches. */
export async function loadStatementReview(db: Queryable, actor: AdminActor) {
  assertAdmin(actor);
  const [review, matched, bills, settings] = await Promise.all([
    db
      .select({
        id: bankStatementLines.id,
        bank: bankStatementLines.bank,
        bookedOn: bankStatementLines.bookedOn,
        description: bankStatementLines.description,
        amount: bankStatementLines.amount,
        reviewReason: bankStatementLines.reviewReason,
      })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.state, "review"))
      .orderBy(desc(bankStatementLines.bookedOn), desc(bankStatementLines.createdAt))
      .limit(100),
    db
      .select({
        id: bankStatementLines.id,
        bank: bankStatementLines.bank,
        bookedOn: bankStatementLines.bookedOn,
        description: bankStatementLines.description,
        amount: bankStatementLines.amount,
        orderId: bankStatementLines.orderId,
        decidedAt: bankStatementLines.decidedAt,
      })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.state, "matched"))
      .orderBy(desc(bankStatementLines.decidedAt))
      .limit(20),
    pickableBills(db),
    readShopSettings(db),
  ]);
  return {
    review: review.map((line) => {
      // Exactly its amount first, then by how near; twelve are enough for one tap.
      const choices = [...bills]
        .sort((a, b) => Math.abs(a.amount - line.amount) - Math.abs(b.amount - line.amount))
        .slice(0, 12);
      return { ...line, choices };
    }),
    matched: matched.map((m) => ({ ...m, shortId: m.orderId ? shortOrderId(m.orderId) : null })),
    mapping: settings.values.bankCsvMapping,
    mappingSet: bankCsvMappingOf(settings.values.bankCsvMapping),
    mappingRevision: settings.revisions.bankCsvMapping,
  };
}

// ---------------------------------------------------------------- the page's one action

export const paymentsPageActionSchema = z.discriminatedUnion("intent", [
  statementUploadSchema.extend({ intent: z.literal("upload") }),
  ...reviewDecisionSchema.options,
  bankCsvMappingSchema.safeExtend({ intent: z.literal("mapping"), revision: z.coerce.number().int().optional() }),
]);

/** 'Unggah Mutasi', a 'Perlu Dicek' decision, or the owner's 'Pemetaan Kolom'. */
export async function actOnPaymentsPage(
  db: Queryable,
  actor: AdminActor & { name: string },
  input: z.output<typeof paymentsPageActionSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  switch (input.intent) {
    case "upload":
      return uploadStatement(db, actor, input);
    case "pick":
    case "not-order":
      return decideStatementLine(db, actor, input);
    case "mapping": {
      if (actor.role !== "admin")
        return formFailure(403, "Hanya pemilik toko yang dapat mengubah pemetaan kolom.", { title: "Tidak Diizinkan" });
      const { intent: _intent, revision, ...mapping } = input;
      const saved = await saveShopSetting(db, actor, "bankCsvMapping", mapping, { expectedRevision: revision });
      return saved.ok ? formSuccess(`Pemetaan kolom ${mapping.bankName} disimpan.`) : saved;
    }
  }
}
