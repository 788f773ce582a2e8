// The server decides delivery in the order transaction: the slot's quota under a lock (10
// buyers at once for 3 places: exactly 3 orders), cut-offs and closed days at the clock's
// instant, the fee from the area and never from the form, the minimum order, stale pages named,
// and a cancelled order freeing its place. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "~/db/schema";
import { parseCheckout, type CheckoutInput } from "~/lib/checkout";
import { SLOT_FULL_MESSAGE } from "~/lib/delivery";
import { DEFAULT_DELIVERY_SLOTS, OUTSIDE_AREA } from "~/lib/delivery-settings";
import type { SettingKey } from "~/lib/shop-settings";
import { createProduct, createUser, saveSetting } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { setOrderStatus } from "../orders/status.server";
import { fixedClock, resetClock, setClock } from "../clock.server";
import { loadDeliveryOptions } from "./slots.server";
import { placeOrder } from "../orders/placing.server";
import { forgetCachedSettings } from "../settings.server";
import { stockOf } from "../../../tests/support/db-reads";

let testDb: TestDatabase;
let admin: { id: string; role: "admin"; name: string };

beforeAll(async () => {
  testDb = await createTestDatabase();
  const staff = await createUser(testDb.db, { role: "admin", name: "Bu Ratna" });
  admin = { id: staff.id, role: "admin", name: staff.name };
});

afterEach(() => {
  resetClock();
});

afterAll(async () => {
  await testDb?.destroy();
});

async function setting(key: SettingKey, value: unknown) {
  const result = await saveSetting(testDb.db, admin, key, value);
  if (!result.ok) throw new Error(JSON.stringify(result));
  forgetCachedSettings();
}

function checkout(productId: string, overrides: Record<string, unknown> = {}): CheckoutInput {
  const parsed = parseCheckout({
    name: "Siti Aminah",
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    notes: "",
    slot: "pagi",
    deliveryDate: "2026-11-26",
    area: "sumbersari",
    lines: [{ productId, quantity: 1 }],
    idempotencyKey: randomBytes(12).toString("hex"),
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
}

async function ordersFor(date: string, slot: string) {
  const [row] = await testDb.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.deliveryDate, date), eq(orders.deliverySlot, slot)));
  return row.n;
}

describe(`slot quota (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("ten buyers at once for a quota of 3: exactly 3 orders, the others told the slot is full", async () => {
    setClock(fixedClock("2026-11-25T10:00:00+07:00"));
    await setting("deliverySlots", { ...DEFAULT_DELIVERY_SLOTS, pagi: { ...DEFAULT_DELIVERY_SLOTS.pagi, quota: 3 } });
    const product = await createProduct(testDb.db, { price: 20000, stock: 100 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(testDb.db)));
    const results = await Promise.all(buyers.map((b) => placeOrder(testDb.db, b, checkout(product.id))));
    const placed = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r).toMatchObject({ ok: false, message: SLOT_FULL_MESSAGE, field: "delivery" });
    expect(await ordersFor("2026-11-26", "pagi")).toBe(3);
    // Refused checkouts took no stock.
    expect(await stockOf(testDb.db, product.id)).toBe(97);

    // The checkout shows it: 'Penuh' and the next open slot chosen by default.
    const options = await loadDeliveryOptions(testDb.db);
    expect(options.days[0].slots[0]).toMatchObject({ name: "Besok Pagi", count: 3, quota: 3, full: true });
    expect(options.earliest?.name).toBe("Besok Sore");

    // A cancelled order frees its place.
    const first = placed[0];
    if (!first.ok) throw new Error("unreachable");
    const cancelled = await setOrderStatus(testDb.db, admin, { orderId: first.order.id, status: "cancelled" });
    expect(cancelled.ok).toBe(true);
    const again = await placeOrder(testDb.db, buyers[9], checkout(product.id));
    expect(again.ok).toBe(true);
    expect(await placeOrder(testDb.db, buyers[8], checkout(product.id))).toMatchObject({ message: SLOT_FULL_MESSAGE });
    await setting("deliverySlots", DEFAULT_DELIVERY_SLOTS);
  });
});

describe(`orders per customer per slot (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("a fresh shop lets one account place 3 orders in a slot and refuses the 4th, naming the limit", async () => {
    setClock(fixedClock("2026-11-25T10:00:00+07:00"));
    const product = await createProduct(testDb.db, { price: 20000, stock: 100 });
    const buyer = await createUser(testDb.db);
    for (let i = 0; i < 3; i++) expect((await placeOrder(testDb.db, buyer, checkout(product.id))).ok).toBe(true);
    const fourth = await placeOrder(testDb.db, buyer, checkout(product.id));
    expect(fourth).toMatchObject({ ok: false, field: "delivery" });
    expect(!fourth.ok && fourth.message).toMatch(/batasnya 3 pesanan per pelanggan/);
    expect(!fourth.ok && fourth.message).toContain("Kamis, 26 November");
    // The other slot, and another customer in the same slot, are not affected.
    expect((await placeOrder(testDb.db, buyer, checkout(product.id, { slot: "sore" }))).ok).toBe(true);
    expect((await placeOrder(testDb.db, await createUser(testDb.db), checkout(product.id))).ok).toBe(true);
  });

  it("ten checkouts at once from one account, limit 2: exactly 2 placed, the rest told the limit, no stock taken", async () => {
    setClock(fixedClock("2026-11-25T10:00:00+07:00"));
    await setting("ordersPerCustomer", 2);
    const product = await createProduct(testDb.db, { price: 20000, stock: 100 });
    const buyer = await createUser(testDb.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeOrder(testDb.db, buyer, checkout(product.id, { deliveryDate: "2026-11-27" })),
      ),
    );
    const placed = results.filter((r) => r.ok);
    expect(placed).toHaveLength(2);
    for (const r of results.filter((x) => !x.ok))
      expect(r).toMatchObject({ ok: false, field: "delivery", message: expect.stringMatching(/batasnya 2 pesanan/) });
    expect(await stockOf(testDb.db, product.id)).toBe(98);
    // A cancelled order gives its place back.
    const first = placed[0];
    if (!first.ok) throw new Error("unreachable");
    expect((await setOrderStatus(testDb.db, admin, { orderId: first.order.id, status: "cancelled" })).ok).toBe(true);
    expect((await placeOrder(testDb.db, buyer, checkout(product.id, { deliveryDate: "2026-11-27" }))).ok).toBe(true);
    await setting("ordersPerCustomer", 3);
  });
});

describe("the order transaction re-checks the delivery", () => {
  it("takes tomorrow morning at 20:59:59 and refuses it at 21:00:00, naming the cut-off", async () => {
    const product = await createProduct(testDb.db, { price: 20000, stock: 100 });
    const buyer = await createUser(testDb.db);
    setClock(fixedClock("2026-11-25T20:59:59+07:00"));
    expect((await placeOrder(testDb.db, buyer, checkout(product.id))).ok).toBe(true);
    setClock(fixedClock("2026-11-25T21:00:00+07:00"));
    const late = await placeOrder(testDb.db, buyer, checkout(product.id));
    expect(late).toMatchObject({
      ok: false,
      field: "delivery",
      message:
        "Batas pesan untuk Besok Pagi (Kamis, 26 November) sudah lewat: pukul 21:00 sehari sebelumnya. Silakan pilih waktu lain.",
    });
    // A page from before date choices meant "besok": read as tomorrow, checked the same way.
    const old = await placeOrder(testDb.db, buyer, checkout(product.id, { deliveryDate: undefined }));
    expect(old).toMatchObject({ ok: false, field: "delivery" });
    expect((await placeOrder(testDb.db, buyer, checkout(product.id, { deliveryDate: "2026-11-27" }))).ok).toBe(true);
  });

  it("refuses a closed day with its note and a date outside the seven on offer", async () => {
    setClock(fixedClock("2026-12-30T09:00:00+07:00"));
    await setting("closedDays", [{ date: "2027-01-01", note: "Tahun Baru" }]);
    const product = await createProduct(testDb.db, { price: 20000, stock: 100 });
    const buyer = await createUser(testDb.db);
    expect(await placeOrder(testDb.db, buyer, checkout(product.id, { deliveryDate: "2027-01-01" }))).toMatchObject({
      ok: false,
      message: "Toko libur pada Jumat, 1 Januari 2027 (Tahun Baru). Silakan pilih tanggal lain.",
    });
    expect(await placeOrder(testDb.db, buyer, checkout(product.id, { deliveryDate: "2027-02-01" }))).toMatchObject({
      ok: false,
      field: "delivery",
    });
    const ok = await placeOrder(testDb.db, buyer, checkout(product.id, { deliveryDate: "2027-01-02" }));
    expect(ok.ok && ok.order.deliveryDate).toBe("2027-01-02");
    await setting("closedDays", []);
  });

  it("charges the area's fee whatever the form says, free from the threshold, and CS outside the areas", async () => {
    setClock(fixedClock("2026-11-25T10:00:00+07:00"));
    const cheap = await createProduct(testDb.db, { price: 20000, stock: 100 });
    const dear = await createProduct(testDb.db, { price: 200000, stock: 100 });
    const buyer = await createUser(testDb.db);
    const forged = await placeOrder(
      testDb.db,
      buyer,
      checkout(cheap.id, { area: "patrang", deliveryFee: 0, fee: 0, areaFee: 0 }),
    );
    expect(forged.ok && forged.order).toMatchObject({
      deliveryFee: 7000,
      deliveryFeeSource: "area",
      deliveryAreaId: "patrang",
      deliveryAreaName: "Patrang",
      areaFee: 7000,
    });
    const free = await placeOrder(testDb.db, buyer, checkout(dear.id, { area: "patrang" }));
    expect(free.ok && free.order).toMatchObject({ deliveryFee: 0, areaFee: 7000, deliveryFeeSource: "area" });
    const outside = await placeOrder(testDb.db, buyer, checkout(cheap.id, { area: OUTSIDE_AREA }));
    expect(outside.ok && outside.order).toMatchObject({ deliveryFee: null, deliveryFeeSource: null });
    // The area is remembered for the next checkout.
    const [row] = await testDb.db.select({ area: users.deliveryAreaId }).from(users).where(eq(users.id, buyer.id));
    expect(row.area).toBe(OUTSIDE_AREA);
    // Another slot: this buyer's three orders are the most one customer may place in the morning one.
    expect(await placeOrder(testDb.db, buyer, checkout(cheap.id, { area: "atlantis", slot: "sore" }))).toMatchObject({
      ok: false,
      field: "area",
      message: "Area pengiriman tidak dikenal. Pilih area dari daftar.",
    });
  });

  it("names a fee changed while the page was open, and stores nothing", async () => {
    setClock(fixedClock("2026-11-25T10:00:00+07:00"));
    const product = await createProduct(testDb.db, { price: 20000, stock: 100 });
    const buyer = await createUser(testDb.db);
    const before = await ordersFor("2026-11-26", "sore");
    const stale = await placeOrder(testDb.db, buyer, checkout(product.id, { slot: "sore", shownFee: "3000" }));
    expect(stale).toMatchObject({
      ok: false,
      field: "area",
      message:
        "Ongkir ke Sumbersari berubah: sekarang Rp\u00a05.000, sebelumnya Rp\u00a03.000. Periksa ringkasan lalu pesan lagi.",
    });
    expect(await ordersFor("2026-11-26", "sore")).toBe(before);
    expect((await placeOrder(testDb.db, buyer, checkout(product.id, { slot: "sore", shownFee: "5000" }))).ok).toBe(
      true,
    );
  });

  it("checks the minimum order against the products subtotal", async () => {
    setClock(fixedClock("2026-11-25T10:00:00+07:00"));
    await setting("minimumOrder", 50000);
    const product = await createProduct(testDb.db, { price: 19000, discount: 0, stock: 100 });
    const buyer = await createUser(testDb.db);
    expect(await placeOrder(testDb.db, buyer, checkout(product.id))).toMatchObject({
      ok: false,
      field: "minimum",
      message: "Belanja Rp\u00a031.000 lagi untuk mencapai minimal belanja Rp\u00a050.000.",
    });
    const enough = checkout(product.id, { lines: [{ productId: product.id, quantity: 3 }] });
    expect((await placeOrder(testDb.db, buyer, enough)).ok).toBe(true);
    await setting("minimumOrder", 0);
  });
});
