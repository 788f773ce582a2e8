// 'Petani Mitra': the farmers the shop buys from. Staff (owner or staff) add, edit and remove
// them by hand, or accept a farmer's partner application from the inbox, which makes that
// farmer a supplier and closes the application. Products name their farmer (the product
// form), and the picking list regroups what to buy per farmer.
import { asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidField } from "~/lib/form-schema";
import type { Queryable } from "~/db/client.server";
import { partnerApplications, products, suppliers } from "~/db/schema";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import {
  CONTROL_CHARACTER_MESSAGE,
  hasNoControlCharacters,
  isSingleLineText,
  SINGLE_LINE_MESSAGE,
} from "~/lib/form-text";
import { formatIndonesianPhone, normalizeIndonesianPhone } from "~/lib/phone";
import { SUPPLIER_LIMITS } from "~/lib/suppliers";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";

export const SUPPLIER_NOT_FOUND = "Petani Mitra tidak ditemukan. Mungkin sudah dihapus.";

const text = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\r\n/g, "\n").trim() : ""),
    z.string().max(max, tooLong).refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
  );

const phoneField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : ""),
  z
    .string()
    .min(1, "Nomor WhatsApp wajib diisi.")
    .max(SUPPLIER_LIMITS.phone, "Nomor WhatsApp terlalu panjang.")
    .transform((v, ctx) => {
      const normalized = normalizeIndonesianPhone(v);
      if (!normalized) {
        ctx.addIssue({
          code: "custom",
          message: "Nomor WhatsApp tidak valid. Gunakan nomor Indonesia, mis. 0812-3456-7890.",
        });
        return z.NEVER;
      }
      return normalized;
    }),
);

export const supplierFieldsSchema = z.object({
  name: text(SUPPLIER_LIMITS.name, `Nama maksimal ${SUPPLIER_LIMITS.name} karakter.`).pipe(
    z.string().min(1, "Nama petani wajib diisi.").refine(isSingleLineText, SINGLE_LINE_MESSAGE),
  ),
  phone: phoneField,
  village: text(SUPPLIER_LIMITS.village, `Desa maksimal ${SUPPLIER_LIMITS.village} karakter.`),
  products: text(SUPPLIER_LIMITS.products, `Produk yang ditanam maksimal ${SUPPLIER_LIMITS.products} karakter.`),
});
export type SupplierFields = z.output<typeof supplierFieldsSchema>;

const supplierId = uuidField(SUPPLIER_NOT_FOUND);

/** Every form of the 'Petani Mitra' page and the inbox's accept button, told apart by `intent`. */
export const supplierActionSchema = z.discriminatedUnion(
  "intent",
  [
    supplierFieldsSchema.extend({ intent: z.literal("create") }),
    supplierFieldsSchema.extend({ intent: z.literal("update"), id: supplierId }),
    z.object({ intent: z.literal("delete"), id: supplierId }),
    z.object({ intent: z.literal("accept"), applicationId: uuidField("Pendaftaran mitra tidak ditemukan.") }),
  ],
  { error: "Permintaan tidak dikenal." },
);
export type SupplierAction = z.output<typeof supplierActionSchema>;

export type SupplierRow = {
  id: string;
  name: string;
  phone: string;
  village: string;
  products: string;
  partnerApplicationId: string | null;
  productCount: number;
  createdAt: Date;
};

/** Every farmer by name, with how many of the shop's products name them. */
export async function listSuppliers(db: Queryable, actor: AdminActor): Promise<SupplierRow[]> {
  assertAdmin(actor);
  return db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      phone: suppliers.phone,
      village: suppliers.village,
      products: suppliers.products,
      partnerApplicationId: suppliers.partnerApplicationId,
      // Written out in full: drizzle leaves columns unqualified in one-table selects, which a subquery would misread.
      productCount: sql<number>`(select count(*)::int from products p where p.supplier_id = "suppliers"."id")`,
      createdAt: suppliers.createdAt,
    })
    .from(suppliers)
    .orderBy(sql`lower(${suppliers.name})`, asc(suppliers.id));
}

/** The product form's choice of farmer. */
export async function listSupplierOptions(db: Queryable, actor: AdminActor) {
  assertAdmin(actor);
  return db
    .select({ id: suppliers.id, name: suppliers.name, village: suppliers.village })
    .from(suppliers)
    .orderBy(sql`lower(${suppliers.name})`, asc(suppliers.id));
}

export async function supplierExists(db: Queryable, id: string | null): Promise<boolean> {
  if (!id) return true;
  const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id));
  return Boolean(row);
}

export async function createSupplier(db: Queryable, actor: AdminActor, input: SupplierFields): Promise<FormResult> {
  assertAdmin(actor);
  await db.insert(suppliers).values(input);
  return formSuccess(`${input.name} ditambahkan sebagai Petani Mitra.`);
}

export async function updateSupplier(
  db: Queryable,
  actor: AdminActor,
  input: SupplierFields & { id: string },
): Promise<FormResult> {
  assertAdmin(actor);
  const { id, ...fields } = input;
  const [updated] = await db
    .update(suppliers)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(suppliers.id, id))
    .returning({ id: suppliers.id });
  if (!updated) return formFailure(404, SUPPLIER_NOT_FOUND);
  return formSuccess(`Data ${input.name} disimpan.`);
}

/** Removes a farmer; the products that named them keep selling and appear under 'Tanpa Petani'. */
export async function deleteSupplier(db: Queryable, actor: AdminActor, input: { id: string }): Promise<FormResult> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [supplier] = await tx
      .select({ id: suppliers.id, name: suppliers.name })
      .from(suppliers)
      .where(eq(suppliers.id, input.id))
      .for("update");
    if (!supplier) return formFailure(404, SUPPLIER_NOT_FOUND);
    const [{ named }] = await tx.select({ named: count() }).from(products).where(eq(products.supplierId, input.id));
    await tx.delete(suppliers).where(eq(suppliers.id, input.id));
    return formSuccess(
      named > 0
        ? `${supplier.name} dihapus dari Petani Mitra. ${named} produknya kini tercatat tanpa petani.`
        : `${supplier.name} dihapus dari Petani Mitra.`,
    );
  });
}

/**
 * Makes the farmer of a partner application a supplier (name, phone, land address as the
 * village, the products they wrote) and marks the application done. One application becomes
 * one farmer only, and a number already among the farmers is not added twice.
 */
export async function acceptPartnerApplication(
  db: Queryable,
  actor: AdminActor,
  input: { applicationId: string },
): Promise<FormResult<{ supplierId: string }>> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, input.applicationId))
      .for("update");
    if (!application) return formFailure(404, "Pendaftaran mitra tidak ditemukan.");
    const phone = normalizeIndonesianPhone(application.phone) ?? application.phone.replace(/\D/g, "");
    const [existing] = await tx
      .select({ id: suppliers.id, name: suppliers.name, partnerApplicationId: suppliers.partnerApplicationId })
      .from(suppliers)
      .where(eq(suppliers.partnerApplicationId, application.id))
      .limit(1);
    if (existing) return formFailure(409, `${existing.name} sudah menjadi Petani Mitra.`);
    const [samePhone] = await tx
      .select({ id: suppliers.id, name: suppliers.name })
      .from(suppliers)
      .where(eq(suppliers.phone, phone))
      .limit(1);
    if (samePhone)
      return formFailure(
        409,
        `Nomor ${formatIndonesianPhone(phone)} sudah terdaftar sebagai Petani Mitra "${samePhone.name}". Ubah data petani itu bila perlu.`,
      );
    const [created] = await tx
      .insert(suppliers)
      .values({
        name: application.name.slice(0, SUPPLIER_LIMITS.name),
        phone,
        village: application.landAddress.slice(0, SUPPLIER_LIMITS.village),
        products: application.products.slice(0, SUPPLIER_LIMITS.products),
        partnerApplicationId: application.id,
      })
      .returning({ id: suppliers.id });
    await tx
      .update(partnerApplications)
      .set({ status: "done", updatedAt: new Date() })
      .where(eq(partnerApplications.id, application.id));
    return formSuccess(`${application.name} kini Petani Mitra. Pilih dia sebagai petani di produk yang ditanamnya.`, {
      supplierId: created.id,
    });
  });
}

/** One entry point for the page's forms. */
export function runSupplierAction(db: Queryable, actor: AdminActor, input: SupplierAction): Promise<FormResult> {
  switch (input.intent) {
    case "create": {
      const { intent: _intent, ...fields } = input;
      return createSupplier(db, actor, fields);
    }
    case "update": {
      const { intent: _intent, ...fields } = input;
      return updateSupplier(db, actor, fields);
    }
    case "delete":
      return deleteSupplier(db, actor, input);
    case "accept":
      return acceptPartnerApplication(db, actor, input);
  }
}
