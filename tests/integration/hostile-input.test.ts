// Property-based tests (fast-check) of every action's input (OWASP ASVS 5.0 V2.2): random
// and malicious values in every field (SQL and HTML fragments, control and unicode
// characters, NUL bytes, huge strings, negative and fractional numbers, other users' ids,
// unknown statuses, extra fields like role). Whatever comes in: never a 5xx, nothing stored
// when the answer is an error, and a 400 names the field it is about.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  categories,
  contactMessages,
  orderItems,
  orders,
  partnerApplications,
  products,
  sessions,
  shopSettings,
  suppliers,
  users,
} from "~/db/schema";
import * as addressesRoute from "~/routes/addresses";
import * as adminCustomersPage from "~/routes/admin.customers";
import * as adminDashboardPage from "~/routes/admin.dashboard";
import * as adminProductsPage from "~/routes/admin.products";
import * as categoryPage from "~/routes/category.$slug";
import * as ordersPage from "~/routes/orders";
import * as productsPage from "~/routes/products";
import * as searchPage from "~/routes/search";
import * as categoriesRoute from "~/routes/admin.categories";
import * as customersRoute from "~/routes/admin.customers";
import * as suppliersRoute from "~/routes/admin.suppliers";
import * as inboxRoute from "~/routes/admin.inbox";
import * as adminOrderRoute from "~/routes/admin.orders.$id";
import * as productRoute from "~/routes/admin.products.$id";
import * as newProductRoute from "~/routes/admin.products.new";
import * as checkoutRoute from "~/routes/checkout";
import * as contactRoute from "~/routes/contact";
import * as forgotRoute from "~/routes/forgot-password";
import * as loginRoute from "~/routes/login";
import * as profileRoute from "~/routes/profile";
import * as registerRoute from "~/routes/register";
import * as resetRoute from "~/routes/reset-password";
import * as supplyRoute from "~/routes/supply-with-us";
import * as deliverySheetRoute from "~/routes/admin.delivery-sheet";
import * as invoicesPrintRoute from "~/routes/admin.invoices.print";
import * as ordersExportRoute from "~/routes/admin.orders.export";
import * as pickingListRoute from "~/routes/admin.picking-list";
import * as reportsExportRoute from "~/routes/admin.reports.export";
import * as reportsRoute from "~/routes/admin.reports";
import * as settingsRoute from "~/routes/admin.settings";
import * as teamRoute from "~/routes/admin.team";
import * as unsubscribeRoute from "~/routes/stock-alerts.unsubscribe";
import * as confirmRoute from "~/routes/stock-alerts.confirm";
import * as verifyEmailRoute from "~/routes/verify-email";
import type { SettingKey } from "~/lib/shop-settings";
import { readShopSettings } from "~/server/settings.server";
import { LocalDiskStorage, setStorageForTests } from "~/server/uploads/storage.server";
import {
  createCategory,
  createContactMessage,
  createOrder,
  createProduct,
  createUser,
  signIn,
} from "../support/factories";
import { callAction, callLoader, releaseTestDatabase, useTestDatabase, type RouteResult } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let uploads: string;
let customerCookie = "";
let adminCookie = "";
let otherUserId = "";
let otherOrderId = "";
let productId = "";
let categoryId = "";
let categorySlug = "";
let messageId = "";

beforeAll(async () => {
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  uploads = mkdtempSync(path.join(os.tmpdir(), "sayur-hostile-"));
  setStorageForTests(new LocalDiskStorage(uploads));
  const customer = await createUser(testDb.db);
  const other = await createUser(testDb.db);
  const admin = await createUser(testDb.db, { role: "admin" });
  customerCookie = await signIn(testDb.db, customer);
  adminCookie = await signIn(testDb.db, admin);
  otherUserId = other.id;
  const category = await createCategory(testDb.db);
  categoryId = category.id;
  categorySlug = category.slug;
  productId = (await createProduct(testDb.db, { categoryId, stock: 50 })).id;
  otherOrderId = (await createOrder(testDb.db, { userId: other.id, items: [{ productId, quantity: 1 }] })).id;
  messageId = (await createContactMessage(testDb.db)).id;
});

afterAll(async () => {
  setStorageForTests(undefined);
  releaseTestDatabase();
  await testDb?.destroy();
  rmSync(uploads, { recursive: true, force: true });
});

/** Everything an action could store, as one comparable value. */
async function snapshot(): Promise<string> {
  const db = testDb.db;
  const [u, o, oi, p, c, m, a, s, f, settings] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        phone: users.phone,
        address: users.address,
        role: users.role,
        email: users.email,
      })
      .from(users),
    db.select({ id: orders.id, status: orders.status, fee: orders.deliveryFee, notes: orders.notes }).from(orders),
    db.select({ id: orderItems.id, q: orderItems.quantity }).from(orderItems),
    db
      .select({
        id: products.id,
        name: products.name,
        stock: products.stock,
        active: products.isActive,
        price: products.price,
        supplierId: products.supplierId,
        lowStockThreshold: products.lowStockThreshold,
      })
      .from(products),
    db.select({ id: categories.id, name: categories.name }).from(categories),
    db.select({ id: contactMessages.id, status: contactMessages.status }).from(contactMessages),
    db.select({ id: partnerApplications.id, status: partnerApplications.status }).from(partnerApplications),
    db.select({ id: sessions.id }).from(sessions),
    db.select().from(suppliers),
    db.select({ key: shopSettings.key, value: shopSettings.value }).from(shopSettings),
  ]);
  const sort = <T extends { id: string }>(rows: T[]) => [...rows].sort((x, y) => x.id.localeCompare(y.id));
  const byKey = [...settings].sort((x, y) => x.key.localeCompare(y.key));
  return JSON.stringify([sort(u), sort(o), sort(oi), sort(p), sort(c), sort(m), sort(a), s.length, sort(f), byKey]);
}

const MALICIOUS = [
  "<script>alert(1)</script>",
  "</script><script>alert(document.cookie)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "'; drop table users; --",
  "' or '1'='1",
  "1; select pg_sleep(5)",
  "\u0000",
  "nama\u0000tersembunyi",
  "\u202eedoc",
  "\r\n\r\nSet-Cookie: x=1",
  "%00",
  "../../etc/passwd",
  "-1",
  "-0.5",
  "2.5",
  "1e308",
  "NaN",
  "Infinity",
  "0x1F",
  "99999999999999999999",
  " ",
  "",
  "processing",
  "shipped",
  "ADMIN",
  "admin",
  "💥🥬".repeat(300),
  "a".repeat(20_000),
];

/** A hostile value for one field. */
const hostile = (ids: () => string[]) =>
  fc.oneof(
    fc.constantFrom(...MALICIOUS),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
    fc.double({ noNaN: false }).map(String),
    fc.uuid().map(String),
    fc.constant(null).map(() => fc.sample(fc.constantFrom(...ids()), 1)[0]),
  );

type ActionCase = {
  name: string;
  action: (args: never) => unknown;
  path: () => string;
  params?: () => Record<string, string>;
  cookie: () => string | undefined;
  fields: string[];
  /** Fields sent as they are (fixed intent and such). */
  fixed?: () => Record<string, string>;
  /** A valid value per field: most runs change one or two fields of an otherwise good form, where a stored NUL or an unchecked number would slip through. */
  valid?: () => Record<string, string>;
  /** Valid values read from the database before each run (a settings section's current revision). */
  fresh?: () => Promise<Record<string, string>>;
  /** Statuses that may come without a field named (a refused login says nothing about which field). */
  unnamed?: number[];
};

const ids = () => [
  otherUserId,
  otherOrderId,
  productId,
  categoryId,
  messageId,
  "00000000-0000-0000-0000-000000000000",
  "bukan-id",
];
const extras = ["role", "userId", "id", "emailVerified", "status", "orderId", "totalAmount", "price"];

const CASES: ActionCase[] = [
  {
    name: "checkout",
    valid: () => ({
      name: "Siti Aminah",
      phone: "081234567890",
      address: "Jl. Kalimantan No. 37, Jember",
      notes: "Titip tetangga",
      slot: "pagi",
      idempotencyKey: randomBytes(16).toString("hex"),
      productId,
      quantity: "1",
    }),
    action: checkoutRoute.action as never,
    path: () => "/checkout",
    cookie: () => customerCookie,
    fields: [
      "name",
      "phone",
      "address",
      "notes",
      "slot",
      "idempotencyKey",
      "productId",
      "quantity",
      "productId",
      "quantity",
    ],
    unnamed: [409, 429],
  },
  {
    name: "profile",
    valid: () => ({ name: "Siti Aminah", phone: "081234567890", address: "Jl. Kalimantan No. 37, Jember" }),
    action: profileRoute.action as never,
    path: () => "/profile",
    cookie: () => customerCookie,
    fields: ["name", "phone", "address"],
  },
  {
    name: "change password",
    action: profileRoute.action as never,
    path: () => "/profile",
    cookie: () => customerCookie,
    fields: ["currentPassword", "password", "confirmPassword"],
    fixed: () => ({ intent: "change-password" }),
    unnamed: [429],
  },
  {
    name: "addresses",
    valid: () => ({ name: "Siti Aminah", phone: "081234567890", address: "Jl. Kalimantan No. 37, Jember" }),
    action: addressesRoute.action as never,
    path: () => "/addresses",
    cookie: () => customerCookie,
    fields: ["name", "phone", "address"],
  },
  {
    name: "register",
    valid: () => ({
      name: "Rina",
      email: `rina.${randomBytes(4).toString("hex")}@contoh.id`,
      phone: "081234567890",
      address: "Jl. Jawa 1, Jember",
      password: "Sayur-Segar-Hostile-1",
      confirmPassword: "Sayur-Segar-Hostile-1",
      terms: "on",
    }),
    action: registerRoute.action as never,
    path: () => "/register",
    cookie: () => undefined,
    fields: ["name", "email", "phone", "address", "password", "confirmPassword", "terms"],
    unnamed: [429],
  },
  {
    name: "login",
    action: loginRoute.action as never,
    path: () => "/login",
    cookie: () => undefined,
    fields: ["email", "password", "redirect"],
    unnamed: [401, 429],
  },
  {
    name: "forgot password",
    action: forgotRoute.action as never,
    path: () => "/forgot-password",
    cookie: () => undefined,
    fields: ["email"],
    unnamed: [429],
  },
  {
    name: "reset password",
    action: resetRoute.action as never,
    path: () => "/reset-password",
    cookie: () => undefined,
    fields: ["token", "password", "confirmPassword"],
    unnamed: [429],
  },
  {
    name: "contact",
    valid: () => ({
      name: "Rina",
      email: "rina@contoh.id",
      subject: "Tanya",
      message: "Apakah ada kangkung?",
      from: "/contact",
    }),
    action: contactRoute.action as never,
    path: () => "/contact",
    cookie: () => undefined,
    fields: ["name", "email", "subject", "message", "from"],
    unnamed: [429],
  },
  {
    name: "supply with us",
    valid: () => ({
      name: "Pak Tani",
      phone: "081234567890",
      landAddress: "Desa Ajung, Jember",
      farmSize: "1 ha",
      products: "Bayam 50 ikat",
      harvestTime: "Mingguan",
      otherInfo: "-",
    }),
    action: supplyRoute.action as never,
    path: () => "/supply-with-us",
    cookie: () => undefined,
    fields: ["name", "phone", "landAddress", "farmSize", "products", "harvestTime", "otherInfo"],
    unnamed: [429],
  },
  {
    name: "admin order status and fee",
    valid: () => ({ intent: "fee", status: "processing", version: "1", deliveryFee: "5000", note: "" }),
    action: adminOrderRoute.action as never,
    path: () => `/admin/orders/${otherOrderId}`,
    params: () => ({ id: otherOrderId }),
    cookie: () => adminCookie,
    fields: ["intent", "status", "version", "deliveryFee", "note"],
    unnamed: [400, 404, 409],
  },
  {
    name: "admin new product",
    valid: () => ({
      name: `Produk ${randomBytes(3).toString("hex")}`,
      price: "5000",
      unit: "per ikat",
      discount: "0",
      stock: "10",
      categoryId,
      description: "Segar",
    }),
    action: newProductRoute.action as never,
    path: () => "/admin/products/new",
    cookie: () => adminCookie,
    fields: [
      "name",
      "price",
      "unit",
      "discount",
      "stock",
      "categoryId",
      "description",
      "featured",
      "soldByWeight",
      "supplierId",
      "lowStockThreshold",
    ],
  },
  {
    name: "admin product edit",
    action: productRoute.action as never,
    path: () => `/admin/products/${productId}`,
    params: () => ({ id: productId }),
    cookie: () => adminCookie,
    fields: [
      "intent",
      "name",
      "price",
      "unit",
      "discount",
      "stock",
      "categoryId",
      "description",
      "stockBefore",
      "supplierId",
      "lowStockThreshold",
    ],
    unnamed: [400, 404, 409],
  },
  {
    name: "admin categories",
    valid: () => ({ intent: "rename", id: categoryId, name: `Kategori ${randomBytes(3).toString("hex")}` }),
    action: categoriesRoute.action as never,
    path: () => "/admin/categories",
    cookie: () => adminCookie,
    fields: ["intent", "id", "name"],
    unnamed: [400, 404, 409],
  },
  {
    name: "admin inbox",
    valid: () => ({ kind: "pesan", id: messageId, status: "contacted" }),
    action: inboxRoute.action as never,
    path: () => "/admin/inbox",
    cookie: () => adminCookie,
    fields: ["kind", "id", "status"],
    unnamed: [400, 404],
  },
  {
    name: "admin Petani Mitra",
    valid: () => ({
      intent: "create",
      name: `Pak Tani ${randomBytes(3).toString("hex")}`,
      phone: "081234567890",
      village: "Sukorambi",
      products: "Tomat",
    }),
    action: suppliersRoute.action as never,
    path: () => "/admin/suppliers",
    cookie: () => adminCookie,
    fields: ["intent", "id", "applicationId", "name", "phone", "village", "products"],
    unnamed: [404, 409],
  },
  {
    name: "admin 'Area Pengiriman'",
    valid: () => ({
      intent: "area-pengiriman",
      "0.id": "kota",
      "0.name": "Kota Jember",
      "0.fee": "5000",
      "0.active": "on",
    }),
    action: settingsRoute.action as never,
    path: () => "/admin/settings",
    cookie: () => adminCookie,
    fields: ["0.id", "0.name", "0.fee", "0.freeFrom", "0.active", "revision"],
    fresh: () => revisionOf("deliveryAreas"),
    fixed: () => ({ intent: "area-pengiriman" }),
    unnamed: [400, 409],
  },
  {
    name: "admin 'Hari Libur'",
    valid: () => ({ op: "tambah", "new.date": "2031-01-02", "new.note": "Tahun Baru" }),
    action: settingsRoute.action as never,
    path: () => "/admin/settings",
    cookie: () => adminCookie,
    fields: ["op", "new.date", "new.note", "0.date", "0.note", "revision"],
    fresh: () => revisionOf("closedDays"),
    fixed: () => ({ intent: "hari-libur" }),
    unnamed: [400, 409],
  },
  {
    name: "admin 'Tim' invitation",
    valid: () => ({ intent: "invite", name: "Dewi Staf", email: `dewi.${randomBytes(4).toString("hex")}@contoh.id` }),
    action: teamRoute.action as never,
    path: () => "/admin/team",
    cookie: () => adminCookie,
    fields: ["intent", "name", "email"],
    unnamed: [400, 404, 409, 429],
  },
  {
    name: "delivery sheet 'Kabari Pelanggan'",
    valid: () => ({ intent: "dispatch", date: "2030-01-01", slot: "pagi", area: "Kota Jember" }),
    action: deliverySheetRoute.action as never,
    path: () => "/admin/delivery-sheet",
    cookie: () => adminCookie,
    fields: ["intent", "date", "slot", "area"],
    unnamed: [400, 404],
  },
  {
    name: "admin customers",
    action: customersRoute.action as never,
    path: () => "/admin/customers",
    cookie: () => adminCookie,
    fields: ["intent", "userId"],
    unnamed: [400, 404],
  },
];

/** The field names an answer's error talks about. */
function namedFields(result: RouteResult): string[] {
  const body = result.data as
    { fieldErrors?: Record<string, unknown>; field?: string; problems?: unknown } | string | null;
  if (!body || typeof body !== "object") return [];
  return [...Object.keys(body.fieldErrors ?? {}), ...(body.field ? [body.field] : [])];
}

describe.each(CASES)("$name action under hostile input", (c) => {
  it("never answers 5xx, stores nothing on an error, and names the field of a 400", async () => {
    const form = fc.record({
      values: fc.array(
        fc.oneof(
          { weight: c.valid ? 3 : 0, arbitrary: fc.constant("valid" as const) },
          { weight: 2, arbitrary: fc.option(hostile(ids), { nil: undefined }) },
        ),
        {
          minLength: c.fields.length,
          maxLength: c.fields.length,
        },
      ),
      extra: fc.dictionary(fc.constantFrom(...extras), hostile(ids), { maxKeys: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(form, async ({ values, extra }) => {
        const body = new FormData();
        for (const [k, v] of Object.entries(extra)) body.append(k, v);
        const valid = { ...(await c.fresh?.()), ...c.valid?.() };
        c.fields.forEach((field, i) => {
          const v = values[i] === "valid" ? valid[field] : values[i];
          if (v !== undefined) body.append(field, v);
        });
        for (const [k, v] of Object.entries(c.fixed?.() ?? {})) body.set(k, v);
        const before = await snapshot();
        const result = await callAction(c.action, c.path(), body, { cookie: c.cookie(), params: c.params?.() ?? {} });
        expect(result.status, JSON.stringify(result.data).slice(0, 300)).toBeLessThan(500);
        if (result.status >= 400) {
          expect(await snapshot(), "an error answer stored something").toBe(before);
          if (result.status === 400 && !c.unnamed?.includes(400)) {
            const named = namedFields(result);
            expect(
              named.length,
              `a 400 that names no field: ${JSON.stringify(result.data).slice(0, 300)}`,
            ).toBeGreaterThan(0);
          }
        }
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 40),
        seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined,
      },
    );
  });
});

describe("ids of other users", () => {
  it("a customer's profile save never touches another account, whatever ids it carries", async () => {
    const before = await testDb.db.select().from(users);
    const other = before.find((u) => u.id === otherUserId)!;
    const body = new FormData();
    for (const [k, v] of Object.entries({
      name: "Nama Baru",
      phone: "081234567899",
      address: "Alamat baru",
      id: otherUserId,
      userId: otherUserId,
      role: "admin",
      email: `x${randomBytes(2).toString("hex")}@contoh.id`,
    }))
      body.append(k, v);
    const result = await callAction(profileRoute.action as never, "/profile", body, { cookie: customerCookie });
    expect(result.status).toBeLessThan(400);
    const after = await testDb.db.select().from(users);
    const otherAfter = after.find((u) => u.id === otherUserId)!;
    expect(otherAfter).toEqual(other);
    expect(after.filter((u) => u.role === "admin")).toHaveLength(before.filter((u) => u.role === "admin").length);
  });
});

describe("a NUL byte in a stored text field (found by the properties above: it was a 503)", () => {
  const cases: [string, () => ActionCase, string][] = [
    ["supplier form", () => CASES.find((c) => c.name === "supply with us")!, "harvestTime"],
    ["contact form", () => CASES.find((c) => c.name === "contact")!, "message"],
    ["checkout notes", () => CASES.find((c) => c.name === "checkout")!, "notes"],
    ["profile name", () => CASES.find((c) => c.name === "profile")!, "name"],
    ["new product description", () => CASES.find((c) => c.name === "admin new product")!, "description"],
    ["delivery area name", () => CASES.find((c) => c.name === "admin 'Area Pengiriman'")!, "0.name"],
    ["holiday note", () => CASES.find((c) => c.name === "admin 'Hari Libur'")!, "new.note"],
    ["invitation name", () => CASES.find((c) => c.name === "admin 'Tim' invitation")!, "name"],
    ["'Kabari Pelanggan' area", () => CASES.find((c) => c.name === "delivery sheet 'Kabari Pelanggan'")!, "area"],
  ];
  it.each(cases)("%s: 400 naming the field, nothing stored", async (_, pick, field) => {
    const result = await postWith(pick(), field, "sebelum\u0000sesudah");
    expect(result.status).toBe(400);
    expect(namedFields(result)).toContain(field);
  });
});

/** The revision the settings page would show for this setting now. */
async function revisionOf(key: SettingKey): Promise<Record<string, string>> {
  return { revision: String((await readShopSettings(testDb.db)).revisions[key]) };
}

/** Posts a case's valid form with one field replaced; checks nothing was stored on an error. */
async function postWith(c: ActionCase, field: string, value: string): Promise<RouteResult> {
  const body = new FormData();
  for (const [k, v] of Object.entries({ ...(await c.fresh?.()), ...c.valid!(), ...c.fixed?.() })) body.append(k, v);
  body.set(field, value);
  const before = await snapshot();
  const result = await callAction(c.action, c.path(), body, { cookie: c.cookie(), params: c.params?.() ?? {} });
  if (result.status >= 400) expect(await snapshot(), "an error answer stored something").toBe(before);
  return result;
}

describe("control characters and line breaks in one-line staff fields", () => {
  const cases: [string, string, string][] = [
    ["admin 'Area Pengiriman'", "0.name", "Kota\nJember"],
    ["admin 'Area Pengiriman'", "0.name", "Kota\tJember"],
    ["admin 'Hari Libur'", "new.note", "Idul\r\nFitri"],
    ["admin 'Hari Libur'", "new.note", "Idul\u001bFitri"],
    ["admin 'Tim' invitation", "name", "Dewi\nStaf"],
    ["admin 'Tim' invitation", "name", "Dewi\u0007Staf"],
    ["delivery sheet 'Kabari Pelanggan'", "area", "Kota\u2028Jember"],
  ];
  it.each(cases)("%s %s = %j: refused with a message, nothing stored", async (name, field, value) => {
    const result = await postWith(
      CASES.find((c) => c.name === name)!,
      field,
      value,
    );
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.data)).toMatch(/karakter|Area pengiriman tidak dikenal/);
  });
});

describe("dates outside the calendar or the shop's range", () => {
  const BAD_DATES = ["0000-01-01", "0001-01-01", "1999-12-31", "2101-01-01", "9999-12-31", "2027-02-29"];

  it.each(BAD_DATES)("checkout with delivery=%s|pagi: a message about the date, nothing stored", async (date) => {
    const c = CASES.find((x) => x.name === "checkout")!;
    const result = await postWith(c, "delivery", `${date}|pagi`);
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.data)).toMatch(/[Tt]anggal/);
  });

  it.each(BAD_DATES)("'Kabari Pelanggan' for %s: refused naming the date", async (date) => {
    const result = await postWith(
      CASES.find((c) => c.name === "delivery sheet 'Kabari Pelanggan'")!,
      "date",
      date,
    );
    expect(result.status).toBe(400);
    expect(namedFields(result)).toContain("date");
  });

  it.each(BAD_DATES)("a holiday on %s: refused naming the date", async (date) => {
    const result = await postWith(
      CASES.find((c) => c.name === "admin 'Hari Libur'")!,
      "new.date",
      date,
    );
    expect(result.status).toBe(400);
    expect(namedFields(result)).toContain("new.date");
  });

  it.each(BAD_DATES.filter((d) => d > "2026"))(
    "a listed holiday posted as %s: refused, nothing stored",
    async (date) => {
      const c = CASES.find((x) => x.name === "admin 'Hari Libur'")!;
      const result = await postWith({ ...c, valid: () => ({ op: "", "0.date": date, "0.note": "Libur" }) }, "op", "");
      expect(result.status).toBe(400);
      expect(namedFields(result)).toContain("0.date");
    },
  );

  type Page = [string, (args: never) => unknown, (date: string) => string];
  const pages: Page[] = [
    ["delivery sheet", deliverySheetRoute.loader as never, (d) => `/admin/delivery-sheet?date=${d}&slot=pagi`],
    ["picking list", pickingListRoute.loader as never, (d) => `/admin/picking-list?date=${d}&slot=pagi`],
    ["reports (from)", reportsRoute.loader as never, (d) => `/admin/reports?from=${d}`],
    ["reports (to)", reportsRoute.loader as never, (d) => `/admin/reports?from=2026-01-01&to=${d}`],
    ["reports export", reportsExportRoute.loader as never, (d) => `/admin/reports/export?from=${d}&to=2026-01-01`],
    ["orders filter", adminDashboardPage.loader as never, (d) => `/admin/dashboard?date=${d}`],
    ["orders export", ordersExportRoute.loader as never, (d) => `/admin/orders/export.csv?from=${d}&to=${d}`],
    ["invoices print", invoicesPrintRoute.loader as never, (d) => `/admin/invoices/print?date=${d}&slot=pagi`],
  ];
  it.each(pages)("%s answers a page or a message for every bad date, never a 5xx", async (_, loader, url) => {
    for (const date of BAD_DATES) {
      const result = await callLoader(loader, url(date), { cookie: adminCookie });
      expect(result.status, url(date)).toBeLessThan(500);
    }
  });
});

describe("token parameters with NUL and control characters", () => {
  const TOKENS = ["\u0000", "abc\u0000def", "a\nb", "\u001b[31m", "%00", "a".repeat(5000)];

  const tokenPages: [string, (args: never) => unknown][] = [
    ["/reset-password", resetRoute.loader as never],
    ["/verify-email", verifyEmailRoute.loader as never],
    ["/stock-alerts/unsubscribe", unsubscribeRoute.loader as never],
    ["/stock-alerts/confirm", confirmRoute.loader as never],
  ];
  it.each(tokenPages)("%s answers a page or a redirect for any token, never a 5xx", async (page, loader) => {
    const token = fc.oneof(
      fc.constantFrom(...TOKENS, ...MALICIOUS.filter((m) => m.length < 1000)),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.tuple(fc.uuid(), fc.string({ unit: "binary", maxLength: 50 })).map(([id, sig]) => `${id}.${sig}`),
    );
    await fc.assert(
      fc.asyncProperty(token, async (t) => {
        const result = await callLoader(loader, `${page}?token=${encodeURIComponent(t)}`);
        expect(result.status, JSON.stringify(t)).toBeLessThan(500);
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 40),
        seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined,
      },
    );
  });

  it.each(TOKENS)("/reset-password?token=%j goes to the login page as an invalid link", async (token) => {
    const result = await callLoader(resetRoute.loader as never, `/reset-password?token=${encodeURIComponent(token)}`);
    expect(result.status).toBeGreaterThanOrEqual(300);
    expect(result.status).toBeLessThan(400);
    expect(result.location).toBe("/login?reset=invalid");
  });

  it.each(TOKENS)("posting a new password with token %j: the link is invalid, nothing changes", async (token) => {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      token,
      password: "Sayur-Segar-Baru-1",
      confirmPassword: "Sayur-Segar-Baru-1",
    }))
      body.append(k, v);
    const before = await snapshot();
    const result = await callAction(resetRoute.action as never, "/reset-password", body, {});
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.data)).toMatch(/[Tt]autan/);
    expect(await snapshot()).toBe(before);
  });

  it.each(TOKENS)("/verify-email?token=%j says the link is invalid", async (token) => {
    const result = await callLoader(
      verifyEmailRoute.loader as never,
      `/verify-email?token=${encodeURIComponent(token)}`,
    );
    expect(result.status).toBeLessThan(400);
    expect(result.data).toEqual({ ok: false, reason: "invalid" });
  });

  it.each(TOKENS)("/stock-alerts/unsubscribe?token=%j says the link is invalid", async (token) => {
    const url = `/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
    const result = await callLoader(unsubscribeRoute.loader as never, url);
    expect(result.status).toBeLessThan(400);
    expect((result.data as { valid: boolean }).valid).toBe(false);
  });
});

describe("every search box and filter under hostile query strings", () => {
  type SearchCase = [
    string,
    (args: never) => unknown,
    () => string,
    () => string | undefined,
    () => Record<string, string>,
  ];
  const boxes: SearchCase[] = [
    ["/products", productsPage.loader as never, () => "/products", () => undefined, () => ({})],
    ["/search", searchPage.loader as never, () => "/search", () => undefined, () => ({})],
    [
      "/category/:slug",
      categoryPage.loader as never,
      () => `/category/${categorySlug}`,
      () => undefined,
      () => ({ slug: categorySlug }),
    ],
    ["/orders", ordersPage.loader as never, () => "/orders", () => customerCookie, () => ({})],
    ["/admin/dashboard", adminDashboardPage.loader as never, () => "/admin/dashboard", () => adminCookie, () => ({})],
    ["/admin/products", adminProductsPage.loader as never, () => "/admin/products", () => adminCookie, () => ({})],
    ["/admin/customers", adminCustomersPage.loader as never, () => "/admin/customers", () => adminCookie, () => ({})],
  ];
  const params = ["q", "status", "time", "page", "category", "sort", "min", "max", "date", "slot", "show", "tab"];

  it.each(boxes)("%s answers a page, never an error, whatever the query string", async (_, loader, page, cookie, p) => {
    const value = fc.oneof(
      fc.constantFrom(...MALICIOUS.filter((m) => m.length < 1000), "\u0000", "bayam\u0000", "%", "%E0%A4%A"),
      fc.string({ unit: "binary", maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constant("q"), value, fc.constantFrom(...params), value, async (k1, v1, k2, v2) => {
        const query = new URLSearchParams([
          [k1, v1],
          [k2, v2],
        ]).toString();
        const result = await callLoader(loader, `${page()}?${query}`, { cookie: cookie(), params: p() });
        expect(result.status, `${page()}?${query}`).toBeLessThan(500);
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 40),
        seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined,
      },
    );
  });

  it.each(boxes)("%s: a NUL byte in the search box is a normal page", async (_, loader, page, cookie, p) => {
    const result = await callLoader(loader, `${page()}?q=${encodeURIComponent("bayam\u0000hijau")}`, {
      cookie: cookie(),
      params: p(),
    });
    expect(result.status).toBeLessThan(400);
  });
});
