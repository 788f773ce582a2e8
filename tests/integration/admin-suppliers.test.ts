// 'Petani Mitra' through the routes: staff add, edit and remove farmers, accept one from the
// inbox, the owner names a product's farmer and its 'Batas Stok Menipis' on the product form,
// and the picking list shows what to buy per farmer.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerApplications, products, suppliers } from "~/db/schema";
import * as inboxRoute from "~/routes/admin.inbox";
import * as pickingRoute from "~/routes/admin.picking-list";
import * as productRoute from "~/routes/admin.products.$id";
import * as newProductRoute from "~/routes/admin.products.new";
import * as suppliersRoute from "~/routes/admin.suppliers";
import { createOrder, createPartnerApplication, createProduct, createUser, signIn } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let ownerCookie: string;
let staffCookie: string;
let customerId: string;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  ownerCookie = await signIn(testDb.db, await createUser(testDb.db, { role: "admin" }));
  staffCookie = await signIn(testDb.db, await createUser(testDb.db, { role: "staff" }));
  customerId = (await createUser(testDb.db)).id;
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

type SuppliersPage = { suppliers: { id: string; name: string; phone: string; village: string }[] };
const openSuppliers = async (cookie = staffCookie) =>
  (await callLoader(suppliersRoute.loader, "/admin/suppliers", { cookie })).data as SuppliersPage;

describe("Petani Mitra page", () => {
  it("lets staff add, edit and remove a farmer, each with a message on the list", async () => {
    const added = await callAction(
      suppliersRoute.action,
      "/admin/suppliers",
      form({ intent: "create", name: "Pak Karto", phone: "0813-2222-4444", village: "Ledokombo", products: "Jagung" }),
      { cookie: staffCookie },
    );
    expect(added.status).toBe(303);
    expect(added.location).toBe("/admin/suppliers");
    const karto = (await openSuppliers()).suppliers.find((s) => s.name === "Pak Karto");
    expect(karto).toMatchObject({ phone: "6281322224444", village: "Ledokombo" });

    const edited = await callAction(
      suppliersRoute.action,
      "/admin/suppliers",
      form({ intent: "update", id: karto!.id, name: "Pak Karto", phone: "081322224444", village: "Sumberjambe" }),
      { cookie: staffCookie },
    );
    expect(edited.status).toBe(303);
    expect((await openSuppliers()).suppliers.find((s) => s.id === karto!.id)?.village).toBe("Sumberjambe");

    const removed = await callAction(
      suppliersRoute.action,
      "/admin/suppliers",
      form({ intent: "delete", id: karto!.id }),
      { cookie: ownerCookie },
    );
    expect(removed.status).toBe(303);
    expect((await openSuppliers()).suppliers.some((s) => s.id === karto!.id)).toBe(false);
  });

  it("refuses bad input with Indonesian messages, what was typed kept, and stores nothing", async () => {
    const before = (await openSuppliers()).suppliers.length;
    const result = await callAction(
      suppliersRoute.action,
      "/admin/suppliers",
      form({ intent: "create", name: "", phone: "123", village: "x".repeat(101) }),
      { cookie: staffCookie },
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      fieldErrors: {
        name: "Nama petani wajib diisi.",
        phone: expect.stringContaining("Nomor WhatsApp tidak valid"),
        village: "Desa maksimal 100 karakter.",
      },
      values: { phone: "123" },
    });
    for (const [fields, status] of [
      [{ intent: "delete", id: "1 or 1=1" }, 400],
      [{ intent: "delete", id: "00000000-0000-4000-8000-000000000000" }, 404],
      [{ intent: "lain" }, 400],
    ] as const) {
      const r = await callAction(suppliersRoute.action, "/admin/suppliers", form(fields), { cookie: staffCookie });
      expect(r.status).toBe(status);
      expect((r.data as { message: string }).message).toMatch(/Petani Mitra tidak ditemukan|Permintaan tidak dikenal/);
    }
    expect((await openSuppliers()).suppliers.length).toBe(before);
  });

  it("turns an application from the inbox into a farmer, after which the inbox says so", async () => {
    const application = await createPartnerApplication(testDb.db, { name: "Bu Wati", phone: "6285744445555" });
    const accepted = await callAction(
      suppliersRoute.action,
      "/admin/suppliers",
      form({ intent: "accept", applicationId: application.id }),
      { cookie: staffCookie },
    );
    expect(accepted.status).toBe(303);
    expect((await openSuppliers()).suppliers.find((s) => s.name === "Bu Wati")).toMatchObject({
      phone: "6285744445555",
      village: "Desa Sukorambi, Jember",
    });
    const [row] = await testDb.db.select().from(partnerApplications).where(eq(partnerApplications.id, application.id));
    expect(row.status).toBe("done");
    const inbox = (await callLoader(inboxRoute.loader, "/admin/inbox?jenis=mitra", { cookie: staffCookie })).data as {
      inbox: { applications: { id: string; supplierId: string | null }[] };
    };
    expect(inbox.inbox.applications.find((a) => a.id === application.id)?.supplierId).toEqual(expect.any(String));

    const again = await callAction(
      suppliersRoute.action,
      "/admin/suppliers",
      form({ intent: "accept", applicationId: application.id }),
      { cookie: staffCookie },
    );
    expect(again.status).toBe(409);
    expect((again.data as { message: string }).message).toBe("Bu Wati sudah menjadi Petani Mitra.");
  });
});

describe("product form: farmer and 'Batas Stok Menipis'", () => {
  it("saves the farmer and a limit in kg for produce sold by weight; the edit page shows them again", async () => {
    const [farmer] = await testDb.db.insert(suppliers).values({ name: "Pak Tani", phone: "6281200001111" }).returning();
    const created = await callAction(
      newProductRoute.action,
      "/admin/products/new",
      form({
        name: "Wortel Pak Tani",
        price: "14000",
        stock: "8000",
        soldByWeight: "on",
        weightStep: "0,25",
        weightMin: "0,25",
        supplierId: farmer.id,
        lowStockThreshold: "1,5",
      }),
      { cookie: ownerCookie },
    );
    expect(created.location).toMatch(/^\/admin\/products\//);
    const [product] = await testDb.db.select().from(products).where(eq(products.name, "Wortel Pak Tani"));
    expect(product).toMatchObject({ supplierId: farmer.id, lowStockThreshold: 1500 });

    const page = await callLoader(productRoute.loader, `/admin/products/${product.id}`, {
      cookie: ownerCookie,
      params: { id: product.id },
    });
    expect((page.data as { suppliers: { name: string }[] }).suppliers.map((s) => s.name)).toContain("Pak Tani");
  });

  it("refuses an unknown farmer and a limit that does not fit the product, saving nothing", async () => {
    const product = await createProduct(testDb.db, { name: "Kol Uji" });
    const result = await callAction(
      productRoute.action,
      `/admin/products/${product.id}`,
      form({
        intent: "save",
        name: "Kol Uji",
        price: "5000",
        stock: "50",
        stockBefore: "50",
        supplierId: "00000000-0000-4000-8000-000000000000",
        lowStockThreshold: "2,5",
      }),
      { cookie: ownerCookie, params: { id: product.id } },
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      fieldErrors: {
        supplierId: "Petani tidak ditemukan. Mungkin sudah dihapus.",
        lowStockThreshold: expect.stringContaining("angka bulat"),
      },
    });
    const [row] = await testDb.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ supplierId: null, lowStockThreshold: null });
  });

  it("stays the owner's: staff cannot set a product's farmer", async () => {
    const product = await createProduct(testDb.db);
    const result = await callAction(
      productRoute.action,
      `/admin/products/${product.id}`,
      form({ intent: "save", name: product.name, price: "1", stock: "1" }),
      { cookie: staffCookie, params: { id: product.id } },
    );
    expect(result.status).toBe(403);
  });
});

describe("picking list", () => {
  it("shows 'Daftar Belanja per Petani' with a WhatsApp link per farmer and 'Tanpa Petani' last", async () => {
    const [farmer] = await testDb.db
      .insert(suppliers)
      .values({ name: "Pak Harjo", phone: "6281377778888", village: "Jelbuk" })
      .returning();
    const cabai = await createProduct(testDb.db, {
      name: "Cabai Harjo",
      supplierId: farmer.id,
      soldByWeight: true,
      unit: "per kg",
      stock: 10000,
    });
    const tahu = await createProduct(testDb.db, { name: "Tahu Putih", unit: "pcs" });
    await createOrder(testDb.db, {
      userId: customerId,
      deliveryDate: "2031-05-06",
      deliverySlot: "sore",
      items: [
        { productId: cabai.id, quantity: 1250 },
        { productId: tahu.id, quantity: 4 },
      ],
    });
    const page = await callLoader(pickingRoute.loader, "/admin/picking-list?date=2031-05-06&slot=sore", {
      cookie: staffCookie,
    });
    const farmers = (
      page.data as { list: { farmers: { name: string; whatsapp: string | null; items: { amount: string }[] }[] } }
    ).list.farmers;
    expect(farmers.map((f) => [f.name, f.items.map((i) => i.amount)])).toEqual([
      ["Pak Harjo", ["1,25 kg"]],
      ["Tanpa Petani", ["4 pcs"]],
    ]);
    expect(farmers[0].whatsapp).toMatch(/^https:\/\/wa\.me\/6281377778888\?text=/);
    expect(farmers[1].whatsapp).toBeNull();
  });
});
