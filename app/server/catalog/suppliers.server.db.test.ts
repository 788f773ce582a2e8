// 'Petani Mitra' on the embedded database (or PostgreSQL with TEST_DATABASE_URL): adding,
// editing and removing farmers, accepting a partner application exactly once, and the picking
// list's 'Daftar Belanja per Petani'.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerApplications, products, suppliers } from "~/db/schema";
import { createOrder, createPartnerApplication, createProduct, createUser } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import type { AdminActor } from "../accounts/actor.server";
import { pickingList } from "../orders/staff-list.server";
import {
  acceptPartnerApplication,
  createSupplier,
  deleteSupplier,
  listSuppliers,
  supplierActionSchema,
  updateSupplier,
} from "./suppliers.server";

let testDb: TestDatabase;
let staff: AdminActor;
let customerId: string;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  staff = await createUser(testDb.db, { role: "staff" });
  customerId = (await createUser(testDb.db)).id;
});

afterAll(async () => {
  await testDb?.destroy();
});

const fields = (overrides: Record<string, string> = {}) =>
  supplierActionSchema.parse({
    intent: "create",
    name: "Pak Darto",
    phone: "0812-1111-3333",
    village: "Arjasa",
    products: "Tomat, terong",
    ...overrides,
  });

describe("Petani Mitra", () => {
  it("adds a farmer with the number in 62 form, edits and removes him; his products lose their farmer", async () => {
    const input = fields();
    if (input.intent !== "create") throw new Error("expected create");
    const { intent: _intent, ...data } = input;
    expect(data.phone).toBe("6281211113333");
    expect(await createSupplier(testDb.db, staff, data)).toMatchObject({ ok: true });
    const [darto] = (await listSuppliers(testDb.db, staff)).filter((s) => s.name === "Pak Darto");
    expect(darto).toMatchObject({ village: "Arjasa", phone: "6281211113333", productCount: 0 });

    const product = await createProduct(testDb.db, { name: "Tomat Darto", supplierId: darto.id });
    expect((await listSuppliers(testDb.db, staff)).find((s) => s.id === darto.id)?.productCount).toBe(1);

    const updated = await updateSupplier(testDb.db, staff, { ...data, id: darto.id, village: "Desa Kemuning Lor" });
    expect(updated.ok).toBe(true);
    const [row] = await testDb.db.select().from(suppliers).where(eq(suppliers.id, darto.id));
    expect(row.village).toBe("Desa Kemuning Lor");

    const removed = await deleteSupplier(testDb.db, staff, { id: darto.id });
    expect(removed).toMatchObject({
      ok: true,
      message: expect.stringContaining("1 produknya kini tercatat tanpa petani"),
    });
    const [after] = await testDb.db.select().from(products).where(eq(products.id, product.id));
    expect(after.supplierId).toBeNull();
    expect(await deleteSupplier(testDb.db, staff, { id: darto.id })).toMatchObject({ ok: false, status: 404 });
    expect(await updateSupplier(testDb.db, staff, { ...data, id: darto.id })).toMatchObject({ ok: false, status: 404 });
  });

  it("refuses a farmer without a name or with a number that is not Indonesian", () => {
    const bad = supplierActionSchema.safeParse({
      intent: "create",
      name: " ",
      phone: "12345",
      village: "",
      products: "",
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain("Nama petani wajib diisi.");
    expect(messages.some((m) => m.startsWith("Nomor WhatsApp tidak valid"))).toBe(true);
    expect(supplierActionSchema.safeParse({ intent: "hapus-semua" }).success).toBe(false);
  });

  it("accepts a partner application once: the farmer becomes a supplier and the application is done", async () => {
    const application = await createPartnerApplication(testDb.db, { name: "Pak Slamet", phone: "6281298765432" });
    const accepted = await acceptPartnerApplication(testDb.db, staff, { applicationId: application.id });
    expect(accepted).toMatchObject({ ok: true, message: expect.stringContaining("Pak Slamet kini Petani Mitra") });
    const [supplier] = await testDb.db
      .select()
      .from(suppliers)
      .where(eq(suppliers.partnerApplicationId, application.id));
    expect(supplier).toMatchObject({
      name: "Pak Slamet",
      phone: "6281298765432",
      village: "Desa Sukorambi, Jember",
      products: "Bayam, kangkung\nCabai rawit",
    });
    const [app] = await testDb.db.select().from(partnerApplications).where(eq(partnerApplications.id, application.id));
    expect(app.status).toBe("done");

    const again = await acceptPartnerApplication(testDb.db, staff, { applicationId: application.id });
    expect(again).toMatchObject({ ok: false, status: 409, message: "Pak Slamet sudah menjadi Petani Mitra." });
    // The same farmer applying a second time is not added twice.
    const second = await createPartnerApplication(testDb.db, { name: "Slamet", phone: "081298765432" });
    expect(await acceptPartnerApplication(testDb.db, staff, { applicationId: second.id })).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("sudah terdaftar sebagai Petani Mitra"),
    });
    expect(
      await acceptPartnerApplication(testDb.db, staff, { applicationId: "00000000-0000-4000-8000-000000000000" }),
    ).toMatchObject({ ok: false, status: 404 });
    const all = await testDb.db.select().from(suppliers).where(eq(suppliers.phone, "6281298765432"));
    expect(all).toHaveLength(1);
  });

  it("accepts one application only once when two staff press the button together", async () => {
    const application = await createPartnerApplication(testDb.db, { name: "Bu Sri", phone: "085733334444" });
    const results = await Promise.all([
      acceptPartnerApplication(testDb.db, staff, { applicationId: application.id }),
      acceptPartnerApplication(testDb.db, staff, { applicationId: application.id }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const rows = await testDb.db.select().from(suppliers).where(eq(suppliers.partnerApplicationId, application.id));
    expect(rows).toHaveLength(1);
  });

  it("is refused to a customer", async () => {
    const customer: AdminActor = { id: customerId, role: "customer" };
    await expect(listSuppliers(testDb.db, customer)).rejects.toMatchObject({ status: 403 });
  });
});

describe("Daftar Belanja per Petani", () => {
  it("totals each farmer's products for the date and slot, weighed ones in kg, with his WhatsApp list", async () => {
    const [farmer] = await testDb.db
      .insert(suppliers)
      .values({ name: "Pak Joyo", phone: "6281355556666", village: "Panti" })
      .returning();
    const tomat = await createProduct(testDb.db, {
      name: "Tomat Joyo",
      supplierId: farmer.id,
      soldByWeight: true,
      unit: "per kg",
      price: 12000,
      stock: 20000,
      weightStep: 250,
      weightMin: 250,
    });
    const bayam = await createProduct(testDb.db, { name: "Bayam Joyo", supplierId: farmer.id, unit: "per ikat" });
    const telur = await createProduct(testDb.db, { name: "Telur Tanpa Petani", unit: "per butir" });
    const date = "2031-03-04";
    await createOrder(testDb.db, {
      userId: customerId,
      deliveryDate: date,
      deliverySlot: "pagi",
      items: [
        { productId: tomat.id, quantity: 750 },
        { productId: bayam.id, quantity: 2 },
        { productId: telur.id, quantity: 6 },
      ],
    });
    await createOrder(testDb.db, {
      userId: customerId,
      deliveryDate: date,
      deliverySlot: "pagi",
      items: [
        { productId: tomat.id, quantity: 500 },
        { productId: bayam.id, quantity: 1 },
      ],
    });
    // Another slot and a cancelled order are not bought for this delivery.
    await createOrder(testDb.db, {
      userId: customerId,
      deliveryDate: date,
      deliverySlot: "sore",
      items: [{ productId: bayam.id, quantity: 9 }],
    });
    await createOrder(testDb.db, {
      userId: customerId,
      deliveryDate: date,
      deliverySlot: "pagi",
      status: "cancelled",
      items: [{ productId: bayam.id, quantity: 7 }],
    });

    const list = await pickingList(testDb.db, staff, { date, slot: "pagi" });
    expect(list.farmers.map((f) => f.name)).toEqual(["Pak Joyo", "Tanpa Petani"]);
    const [joyo, noFarmer] = list.farmers;
    expect(joyo.items.map((i) => `${i.productName}: ${i.amount}`)).toEqual([
      "Bayam Joyo: 3 ikat",
      "Tomat Joyo: 1,25 kg",
    ]);
    const text = new URL(joyo.whatsapp ?? "").searchParams.get("text");
    expect(text).toContain("- Tomat Joyo: 1,25 kg");
    expect(new URL(joyo.whatsapp ?? "").pathname).toBe("/6281355556666");
    expect(noFarmer.items.map((i) => `${i.productName}: ${i.amount}`)).toEqual(["Telur Tanpa Petani: 6 butir"]);
    expect(noFarmer.whatsapp).toBeNull();
  });
});
