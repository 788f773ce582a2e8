// 'Promo' in the admin panel: owner and staff make and edit the shop's codes and see, per code,
// its uses, the discount given and the revenue of its orders (cancelled orders left out).
import { desc, eq, ne, sql, and } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { orders, promos } from "~/db/schema";
import { isValidDateString, shopInstant } from "~/lib/dates";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { uuidField } from "~/lib/form-schema";
import { optionalWholeNumberField, wholeNumberField } from "~/lib/number-input";
import { PAYMENT_METHODS, type PaymentMethod } from "~/lib/vocab/payment-methods";
import { PROMO_KINDS, type PromoKind } from "~/lib/vocab/promo-kinds";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { normalizePromoCode } from "./redeem.server";

export const PROMO_NOT_FOUND = "Kode promo tidak ditemukan. Muat ulang halaman.";
const MAX_RUPIAH = 100_000_000;

/** 'yyyy-mm-ddThh:mm' typed in Jakarta time, or empty for none. */
const jakartaTime = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): Date | null => {
      if (!v) return null;
      const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/.exec(v);
      if (!match || !isValidDateString(match[1]) || Number(match[2].slice(0, 2)) > 23) {
        ctx.addIssue({ code: "custom", message: `${label} tidak valid. Pilih tanggal dan jam.` });
        return z.NEVER;
      }
      return shopInstant(match[1], match[2]);
    });

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean());

/** One checkbox per payment method ('method_qris', ...), from the payment-method vocabulary. */
const methodFields = Object.fromEntries(PAYMENT_METHODS.map((m) => [`method_${m}`, checkbox.default(false)])) as Record<
  `method_${PaymentMethod}`,
  z.ZodDefault<typeof checkbox>
>;

export const promoFieldsSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, "Kode promo wajib diisi.")
      .max(30, "Kode promo maksimal 30 karakter.")
      .regex(/^[A-Za-z0-9-]+$/, "Kode promo hanya huruf, angka dan tanda minus, tanpa spasi.")
      .transform(normalizePromoCode),
    kind: z.enum(PROMO_KINDS, { error: "Pilih jenis promo." }),
    value: wholeNumberField({ kind: "count", label: "Nilai", min: 1, max: MAX_RUPIAH }),
    maxDiscount: optionalWholeNumberField({ kind: "rupiah", label: "Potongan maksimal", min: 1, max: MAX_RUPIAH }),
    minSpend: optionalWholeNumberField({ kind: "rupiah", label: "Belanja minimal", min: 0, max: MAX_RUPIAH }),
    startsAt: jakartaTime("Berlaku mulai"),
    endsAt: jakartaTime("Berlaku sampai"),
    quota: optionalWholeNumberField({ kind: "count", label: "Kuota total", min: 1, max: 1_000_000 }),
    perCustomer: optionalWholeNumberField({ kind: "count", label: "Batas per pelanggan", min: 1, max: 1000 }),
    newCustomersOnly: checkbox.default(false),
    active: checkbox.default(false),
    ...methodFields,
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && v.value > 100)
      ctx.addIssue({ code: "custom", path: ["value"], message: "Persen harus antara 1 dan 100." });
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Berlaku sampai harus setelah berlaku mulai." });
  });

export const promoActionSchema = z.discriminatedUnion(
  "intent",
  [
    promoFieldsSchema.safeExtend({ intent: z.literal("create") }),
    promoFieldsSchema.safeExtend({ intent: z.literal("update"), id: uuidField(PROMO_NOT_FOUND) }),
  ],
  { error: "Permintaan tidak dikenal." },
);
export type PromoAction = z.output<typeof promoActionSchema>;
type PromoFields = z.output<typeof promoFieldsSchema>;

function rowOf(input: PromoFields) {
  return {
    code: normalizePromoCode(input.code),
    kind: input.kind as PromoKind,
    value: input.value,
    // Only a percent has a cap; 'gratis ongkir' keeps its most in `value`.
    maxDiscount: input.kind === "percent" ? input.maxDiscount : null,
    minSpend: input.minSpend ?? 0,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    quota: input.quota,
    perCustomer: input.perCustomer,
    newCustomersOnly: input.newCustomersOnly,
    paymentMethods: PAYMENT_METHODS.filter((m) => input[`method_${m}`]),
    active: input.active,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && typeof e === "object" && i < 5; e = (e as { cause?: unknown }).cause, i++)
    if ((e as { code?: unknown }).code === "23505") return true;
  return false;
}

/** Makes or edits a code; a code another promo already has is refused beside its field. */
export async function savePromo(db: Queryable, actor: AdminActor, input: PromoAction): Promise<FormResult> {
  assertAdmin(actor);
  const row = rowOf(input);
  const [taken] = await db
    .select({ id: promos.id })
    .from(promos)
    .where(and(eq(promos.code, row.code), input.intent === "update" ? ne(promos.id, input.id) : undefined))
    .limit(1);
  const takenMessage = `Kode ${row.code} sudah dipakai promo lain. Pilih kode lain.`;
  if (taken) return formFailure(409, takenMessage, { fieldErrors: { code: takenMessage } });
  try {
    if (input.intent === "create") {
      await db.insert(promos).values({ ...row, createdBy: actor.id });
      return formSuccess(`Promo ${row.code} disimpan.`);
    }
    const updated = await db
      .update(promos)
      .set({ ...row, updatedAt: new Date() })
      .where(eq(promos.id, input.id))
      .returning({ id: promos.id });
    if (updated.length === 0) return formFailure(404, PROMO_NOT_FOUND);
    return formSuccess(`Promo ${row.code} diperbarui.`);
  } catch (error) {
    // Two staff saving the same new code at once: the unique index decides.
    if (isUniqueViolation(error)) return formFailure(409, takenMessage, { fieldErrors: { code: takenMessage } });
    throw error;
  }
}

export type PromoListRow = typeof promos.$inferSelect & {
  uses: number;
  /** Goods and fee taken off, over its orders that are not cancelled. */
  discountGiven: number;
  /** What those orders cost their customers (goods and fee after the promo). */
  revenue: number;
};

/** Every code, newest first, with its figures over the orders that are not cancelled. */
export async function listPromos(db: Queryable, actor: AdminActor): Promise<PromoListRow[]> {
  assertAdmin(actor);
  const live = and(eq(orders.promoId, promos.id), ne(orders.status, "cancelled"));
  return db
    .select({
      id: promos.id,
      code: promos.code,
      kind: promos.kind,
      value: promos.value,
      maxDiscount: promos.maxDiscount,
      minSpend: promos.minSpend,
      startsAt: promos.startsAt,
      endsAt: promos.endsAt,
      quota: promos.quota,
      perCustomer: promos.perCustomer,
      newCustomersOnly: promos.newCustomersOnly,
      paymentMethods: promos.paymentMethods,
      active: promos.active,
      createdBy: promos.createdBy,
      createdAt: promos.createdAt,
      updatedAt: promos.updatedAt,
      uses: sql<number>`(select count(*)::int from ${orders} where ${live})`,
      discountGiven:
        sql<number>`(select coalesce(sum(${orders.promoDiscount} + ${orders.promoFeeDiscount}), 0)::bigint from ${orders} where ${live})`.mapWith(
          Number,
        ),
      revenue:
        sql<number>`(select coalesce(sum(${orders.totalAmount} + coalesce(${orders.deliveryFee}, 0)), 0)::bigint from ${orders} where ${live})`.mapWith(
          Number,
        ),
    })
    .from(promos)
    .orderBy(desc(promos.createdAt), desc(promos.id));
}
