// Placing orders and reading them back, on the embedded database (or PostgreSQL when
// TEST_DATABASE_URL is set): prices from the database, stock never oversold, one order per
// idempotency key, and no customer ever reading another's order.
import { randomBytes, randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, orderStatusHistory, products, stockAdjustments, users } from "~/db/schema";
import { parseCheckout, parseCheckoutForm, type CheckoutInput } from "~/lib/checkout";
import { nextDelivery } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { getOrderForCustomer, isOrderOfAnotherCustomer } from "./view.server";
import { listOrdersForCustomer, listRecentOrdersForCustomer } from "./customer.server";
import { placeOrder } from "./placing.server";
import { stockOf } from "../../../tests/support/db-reads";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await testDb?.destroy();
});

async function makeUser(name = "Siti Aminah") {
  const id = randomUUID();
  await testDb.db
    .insert(users)
    .values({ id, name, email: `${id}@contoh.id`, phone: "6281234567890", address: "Jl. Kalimantan No. 37, Jember" });
  return { id, name };
}

async function makeProduct(overrides: Partial<typeof products.$inferInsert> = {}) {
  const slug = `produk-${randomBytes(4).toString("hex")}`;
  const [row] = await testDb.db
    .insert(products)
    .values({
      name: "Bayam Hijau",
      slug,
      price: 4000,
      unit: "per ikat",
      discount: 0,
      stock: 10,
      imageUrl: `/images/products/${slug}.svg`,
      ...overrides,
    })
    .returning();
  return row;
}

function key() {
  return randomBytes(16).toString("hex");
}

function checkout(
  lines: { productId: string; quantity: number; note?: string; allowSubstitute?: boolean }[],
  overrides: Partial<CheckoutInput> = {},
): CheckoutInput {
  const parsed = parseCheckout({
    name: "Siti Aminah",
    phone: "0812-3456-7890",
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    notes: "",
    ...nextDelivery(),
    lines,
    idempotencyKey: key(),
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
}

async function ordersOf(userId: string) {
  const [row] = await testDb.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row.n;
}

describe("placeOrder", () => {
  it("charges the database's discounted price, whatever the browser sent", async () => {
    const user = await makeUser();
    const bayam = await makeProduct({ name: "Bayam Hijau", price: 4000, discount: 10, stock: 35 });
    const tomat = await makeProduct({ name: "Tomat Merah", price: 12000, unit: "per kg", stock: 30 });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Siti Aminah",
      phone: "+62 812 3456 7890",
      address: "Jl. Kalimantan No. 37",
      notes: "Pagar hijau",
      slot: "sore",
      deliveryDate: "2026-11-23",
      idempotencyKey: key(),
    })) {
      form.set(name, value);
    }
    form.append("productId", bayam.id);
    form.append("quantity", "3");
    form.append("price", "1");
    form.append("productId", tomat.id);
    form.append("quantity", "2");
    form.append("price", "1");
    form.set("totalAmount", "2");
    const parsed = parseCheckoutForm(form);
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;

    const result = await placeOrder(testDb.db, user, parsed.data, { now: new Date("2026-11-21T16:30:00Z") });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { order } = result;
    expect(order.totalAmount).toBe(3 * 3600 + 2 * 12000);
    expect(order.items.map((i) => [i.productName, i.quantity, i.price, i.originalPrice, i.discount])).toEqual([
      ["Bayam Hijau", 3, 3600, 4000, 10],
      ["Tomat Merah", 2, 12000, 12000, 0],
    ]);
    expect(order.items[1].productUnit).toBe("per kg");
    // 23:30 in Jakarta on the 21st, past the 21:00 cut-off for the 22nd: the 23rd was chosen.
    expect(order.deliveryDate).toBe("2026-11-23");
    expect(order.deliverySlot).toBe("sore");
    expect(order.deliveryTime).toBe("16:00 - 18:00");
    expect(order.status).toBe("pending");
    expect(order.recipientPhone).toBe("6281234567890");
    expect(order.notes).toBe("Pagar hijau");
    expect(order.deliveryFee).toBeNull();

    expect(await stockOf(testDb.db, bayam.id)).toBe(32);
    expect(await stockOf(testDb.db, tomat.id)).toBe(28);
    const history = await testDb.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([[null, "pending", user.id]]);
    const adjustments = await testDb.db.select().from(stockAdjustments).where(eq(stockAdjustments.orderId, order.id));
    expect(adjustments.map((a) => [a.productId, a.delta, a.stockAfter, a.reason]).sort()).toEqual(
      [
        [bayam.id, -3, 32, "order"],
        [tomat.id, -2, 28, "order"],
      ].sort(),
    );
  });

  it("refuses a short line by name and stores nothing", async () => {
    const user = await makeUser();
    const kangkung = await makeProduct({ name: "Kangkung", stock: 10 });
    const bayam = await makeProduct({ name: "Bayam Hijau", stock: 2 });
    const result = await placeOrder(
      testDb.db,
      user,
      checkout([
        { productId: kangkung.id, quantity: 3 },
        { productId: bayam.id, quantity: 5 },
      ]),
    );
    expect(result).toEqual({
      ok: false,
      status: 409,
      title: "Checkout Gagal",
      message: "Stok Bayam Hijau tidak cukup: tersisa 2.",
      fieldErrors: {},
      values: {},
      problems: [{ productId: bayam.id, message: "Stok Bayam Hijau tidak cukup: tersisa 2." }],
    });
    expect(await stockOf(testDb.db, kangkung.id)).toBe(10);
    expect(await stockOf(testDb.db, bayam.id)).toBe(2);
    expect(await ordersOf(user.id)).toBe(0);
    const [adjusted] = await testDb.db
      .select({ n: count() })
      .from(stockAdjustments)
      .where(eq(stockAdjustments.productId, kangkung.id));
    expect(adjusted.n).toBe(0);
  });

  it("names every short product at once", async () => {
    const user = await makeUser();
    const a = await makeProduct({ name: "Cabai Rawit", stock: 0 });
    const b = await makeProduct({ name: "Wortel", stock: 1 });
    const result = await placeOrder(
      testDb.db,
      user,
      checkout([
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 2 },
      ]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain("Stok Cabai Rawit tidak cukup: tersisa 0.");
    expect(result.message).toContain("Stok Wortel tidak cukup: tersisa 1.");
  });

  it("refuses hidden and unknown products", async () => {
    const user = await makeUser();
    const hidden = await makeProduct({ name: "Ayam Potong", isActive: false, stock: 20 });
    const ok = await makeProduct({ name: "Kangkung", stock: 20 });
    const hiddenResult = await placeOrder(
      testDb.db,
      user,
      checkout([
        { productId: ok.id, quantity: 1 },
        { productId: hidden.id, quantity: 1 },
      ]),
    );
    expect(hiddenResult.ok).toBe(false);
    if (!hiddenResult.ok)
      expect(hiddenResult.message).toBe(
        "Produk Ayam Potong sudah tidak tersedia. Hapus dari keranjang untuk melanjutkan.",
      );
    const unknownResult = await placeOrder(testDb.db, user, checkout([{ productId: randomUUID(), quantity: 1 }]));
    expect(unknownResult.ok).toBe(false);
    if (!unknownResult.ok) expect(unknownResult.message).toMatch(/sudah tidak tersedia/);
    expect(await stockOf(testDb.db, hidden.id)).toBe(20);
    expect(await stockOf(testDb.db, ok.id)).toBe(20);
    expect(await ordersOf(user.id)).toBe(0);
  });

  it("never oversells: 20 parallel checkouts for the last 5 units make exactly 5 orders", async () => {
    const product = await makeProduct({ name: "Edamame Jember", stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => makeUser(`Pembeli ${i}`)));
    const results = await Promise.all(
      buyers.map((buyer) => placeOrder(testDb.db, buyer, checkout([{ productId: product.id, quantity: 1 }]))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(15);
    for (const r of refused) if (!r.ok) expect(r.message).toBe("Stok Edamame Jember tidak cukup: tersisa 0.");
    expect(await stockOf(testDb.db, product.id)).toBe(0);
    const [sold] = await testDb.db
      .select({
        orders: sql<number>`count(distinct ${orderItems.orderId})::int`,
        units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(sold).toEqual({ orders: 5, units: 5 });
  });

  it("stores one order for a retried request with the same key", async () => {
    const user = await makeUser();
    const product = await makeProduct({ stock: 10 });
    const input = checkout([{ productId: product.id, quantity: 2 }]);
    const first = await placeOrder(testDb.db, user, input);
    const second = await placeOrder(testDb.db, user, input);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.order.id).toBe(first.order.id);
    expect(second.order.items).toEqual(first.order.items);
    expect(await ordersOf(user.id)).toBe(1);
    expect(await stockOf(testDb.db, product.id)).toBe(8);
  });

  it("stores one order when the same key arrives several times at once", async () => {
    const user = await makeUser();
    const product = await makeProduct({ stock: 3 });
    const input = checkout([{ productId: product.id, quantity: 3 }]);
    const results = await Promise.all(Array.from({ length: 6 }, () => placeOrder(testDb.db, user, input)));
    expect(results.every((r) => r.ok)).toBe(true);
    const ids = new Set(results.map((r) => (r.ok ? r.order.id : null)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    expect(await ordersOf(user.id)).toBe(1);
    expect(await stockOf(testDb.db, product.id)).toBe(0);
  });

  it("keys are per customer: the same key from two customers makes two orders", async () => {
    const [a, b] = [await makeUser("A"), await makeUser("B")];
    const product = await makeProduct({ stock: 10 });
    const input = checkout([{ productId: product.id, quantity: 1 }]);
    const ra = await placeOrder(testDb.db, a, input);
    const rb = await placeOrder(testDb.db, b, input);
    expect(ra.ok && rb.ok && ra.order.id !== rb.order.id).toBe(true);
  });
});

describe("a customer's orders", () => {
  it("shows an order only to the customer who placed it", async () => {
    const [owner, other] = [await makeUser("Pemilik"), await makeUser("Orang Lain")];
    const product = await makeProduct({ stock: 5 });
    const placed = await placeOrder(
      testDb.db,
      owner,
      checkout([{ productId: product.id, quantity: 1 }], { notes: "Rahasia" }),
    );
    if (!placed.ok) throw new Error(placed.message);
    const id = placed.order.id;

    const mine = await getOrderForCustomer(testDb.db, owner.id, id);
    expect(mine?.notes).toBe("Rahasia");
    expect(mine?.items[0].productSlug).toBe(product.slug);
    expect(await getOrderForCustomer(testDb.db, other.id, id)).toBeNull();
    expect(await isOrderOfAnotherCustomer(testDb.db, other.id, id)).toBe(true);
    expect(await isOrderOfAnotherCustomer(testDb.db, owner.id, id)).toBe(false);
    expect((await listOrdersForCustomer(testDb.db, other.id)).orders).toEqual([]);
    expect(await listRecentOrdersForCustomer(testDb.db, other.id, 5)).toEqual([]);

    for (const bad of ["not-a-uuid", "", "'; drop table orders; --", `${id}x`, id.slice(0, 8)]) {
      expect(await getOrderForCustomer(testDb.db, owner.id, bad)).toBeNull();
      expect(await isOrderOfAnotherCustomer(testDb.db, other.id, bad)).toBe(false);
    }
    expect(await getOrderForCustomer(testDb.db, owner.id, randomUUID())).toBeNull();
  });

  it("lists the latest orders for the profile, newest first", async () => {
    const user = await makeUser();
    const a = await makeProduct({ stock: 50 });
    const b = await makeProduct({ stock: 50 });
    const first = await placeOrder(testDb.db, user, checkout([{ productId: a.id, quantity: 1 }]));
    const second = await placeOrder(
      testDb.db,
      user,
      checkout([
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 2 },
      ]),
    );
    if (!first.ok || !second.ok) throw new Error("orders not placed");
    const recent = await listRecentOrdersForCustomer(testDb.db, user.id, 5);
    expect(recent.map((r) => [r.id, r.itemCount])).toEqual([
      [second.order.id, 2],
      [first.order.id, 1],
    ]);
    expect(Object.keys(recent[0]).sort()).toEqual([
      "billFinal",
      "createdAt",
      "deliveryDate",
      "deliveryFee",
      "deliveryTime",
      "id",
      "itemCount",
      "status",
      "totalAmount",
    ]);
    expect(recent[0].createdAt).toBeInstanceOf(Date);
    expect(await listRecentOrdersForCustomer(testDb.db, user.id, 1)).toHaveLength(1);
  });

  it("filters, searches and pages a long history on the server", async () => {
    const user = await makeUser();
    const now = new Date("2026-06-15T10:00:00+07:00");
    const day = 24 * 60 * 60 * 1000;
    // 45 orders: one a day going back, cycling statuses; every 5th has 6 lines.
    const statuses = ["pending", "processing", "completed", "cancelled"] as const;
    for (let i = 0; i < 45; i++) {
      const [order] = await testDb.db
        .insert(orders)
        .values({
          userId: user.id,
          status: statuses[i % 4],
          totalAmount: 10000 + i,
          deliverySlot: "pagi",
          deliveryTime: "05:00 - 07:00",
          deliveryDate: "2026-06-16",
          notes: i === 7 ? "Titip di pos satpam 50% lunas" : "",
          recipientName: "Siti",
          recipientPhone: "6281234567890",
          recipientAddress: "Jl. Kalimantan",
          idempotencyKey: key(),
          createdAt: new Date(now.getTime() - i * day),
        })
        .returning({ id: orders.id });
      const lineCount = i % 5 === 0 ? 6 : 1;
      await testDb.db.insert(orderItems).values(
        Array.from({ length: lineCount }, (_, j) => ({
          orderId: order.id,
          productName: i === 12 && j === 0 ? "Jamur Tiram_Segar" : `Sayur ${String.fromCharCode(65 + j)}`,
          productUnit: "pcs",
          productImageUrl: `/img/${j}.svg`,
          quantity: 1,
          price: 1000,
          originalPrice: 1000,
        })),
      );
    }

    const first = await listOrdersForCustomer(testDb.db, user.id, {}, { now });
    expect(first.total).toBe(45);
    expect(first.pageCount).toBe(5);
    expect(first.orders).toHaveLength(10);
    expect(first.orders[0].totalAmount).toBe(10000);
    expect(first.orders[0].itemCount).toBe(6);
    expect(first.orders[0].thumbnails.map((t) => t.name)).toEqual(["Sayur A", "Sayur B", "Sayur C", "Sayur D"]);
    expect(first.orders[1].itemCount).toBe(1);
    expect(first.orders[1].thumbnails).toHaveLength(1);

    const last = await listOrdersForCustomer(testDb.db, user.id, { page: 5 }, { now });
    expect(last.orders.map((o) => o.totalAmount)).toEqual([10040, 10041, 10042, 10043, 10044]);
    const beyond = await listOrdersForCustomer(testDb.db, user.id, { page: 99 }, { now });
    expect(beyond.page).toBe(5);

    const completed = await listOrdersForCustomer(testDb.db, user.id, { status: "completed" }, { now });
    expect(completed.total).toBe(11);
    expect(completed.orders.every((o) => o.status === "completed")).toBe(true);

    // Last 7 shop days: today and the 7 days before.
    expect((await listOrdersForCustomer(testDb.db, user.id, { time: "week" }, { now })).total).toBe(8);
    expect((await listOrdersForCustomer(testDb.db, user.id, { time: "month" }, { now })).total).toBe(32);
    expect((await listOrdersForCustomer(testDb.db, user.id, { time: "3months" }, { now })).total).toBe(45);

    expect(
      (await listOrdersForCustomer(testDb.db, user.id, { q: "satpam" }, { now })).orders.map((o) => o.totalAmount),
    ).toEqual([10007]);
    expect(
      (await listOrdersForCustomer(testDb.db, user.id, { q: "jamur tiram" }, { now })).orders.map((o) => o.totalAmount),
    ).toEqual([10012]);
    // Wildcards are searched for literally.
    expect((await listOrdersForCustomer(testDb.db, user.id, { q: "50%" }, { now })).total).toBe(1);
    expect((await listOrdersForCustomer(testDb.db, user.id, { q: "%" }, { now })).total).toBe(1);
    expect((await listOrdersForCustomer(testDb.db, user.id, { q: "Tiram_" }, { now })).total).toBe(1);
    expect((await listOrdersForCustomer(testDb.db, user.id, { q: "_" }, { now })).total).toBe(1);
    expect((await listOrdersForCustomer(testDb.db, user.id, { q: "Sayur E" }, { now })).total).toBe(9);

    const target = first.orders[3];
    const byNumber = await listOrdersForCustomer(
      testDb.db,
      user.id,
      { q: `#${target.id.slice(0, 8).toUpperCase()}` },
      { now },
    );
    expect(byNumber.orders.map((o) => o.id)).toContain(target.id);

    const nothing = await listOrdersForCustomer(testDb.db, user.id, { q: "durian", status: "pending" }, { now });
    expect(nothing).toMatchObject({ total: 0, orders: [], hasAnyOrder: true });
    const stranger = await makeUser();
    expect(await listOrdersForCustomer(testDb.db, stranger.id, {}, { now })).toMatchObject({
      total: 0,
      hasAnyOrder: false,
    });
  });
});

describe("produce sold by weight", () => {
  const weighed = { soldByWeight: true, unit: "per kg", weightStep: 250, weightMin: 500 };

  it("takes grams from stock in grams and charges grams x price per kg, rounded once per line", async () => {
    const user = await makeUser();
    // Rp33.333 per kg with 10% off: Rp30.000 per kg charged; 0,75 kg = Rp22.500.
    const bawang = await makeProduct({ name: "Bawang Merah", price: 33333, discount: 10, stock: 2000, ...weighed });
    const cabai = await makeProduct({
      name: "Cabai Rawit",
      price: 33335,
      stock: 1000,
      ...weighed,
      weightStep: 100,
      weightMin: 100,
    });
    const kangkung = await makeProduct({ name: "Kangkung", price: 3000, stock: 5 });
    const result = await placeOrder(
      testDb.db,
      user,
      checkout([
        { productId: bawang.id, quantity: 750 },
        { productId: cabai.id, quantity: 100 }, // 3.333,5 -> 3.334
        { productId: kangkung.id, quantity: 2 },
      ]),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.order.totalAmount).toBe(22500 + 3334 + 6000);
    const items = Object.fromEntries(result.order.items.map((i) => [i.productName, i]));
    expect(items["Bawang Merah"]).toMatchObject({ quantity: 750, soldByWeight: true, price: 30000 });
    expect(items["Kangkung"]).toMatchObject({ quantity: 2, soldByWeight: false });
    expect(await stockOf(testDb.db, bawang.id)).toBe(1250);
    expect(await stockOf(testDb.db, cabai.id)).toBe(900);
  });

  it("refuses an amount off the step or under the minimum, in Indonesian, and stores nothing", async () => {
    const user = await makeUser();
    const tomat = await makeProduct({ name: "Tomat", price: 12000, stock: 5000, ...weighed });
    for (const quantity of [600, 250, 1]) {
      const result = await placeOrder(testDb.db, user, checkout([{ productId: tomat.id, quantity }]));
      expect(result).toMatchObject({
        ok: false,
        message: "Berat Tomat harus kelipatan 0,25 kg, minimal 0,5 kg.",
      });
    }
    expect(await stockOf(testDb.db, tomat.id)).toBe(5000);
    const [{ n }] = await testDb.db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id));
    expect(n).toBe(0);
  });

  it("says how much is left in kg when the weight is more than the stock", async () => {
    const user = await makeUser();
    const sapi = await makeProduct({ name: "Daging Sapi", price: 130000, stock: 750, ...weighed });
    const result = await placeOrder(testDb.db, user, checkout([{ productId: sapi.id, quantity: 1000 }]));
    expect(result).toMatchObject({ ok: false, message: "Stok Daging Sapi tidak cukup: tersisa 0,75 kg." });
    // Whole units keep their cap of 999 although the form takes grams up to 50 kg.
    const kangkung = await makeProduct({ name: "Kangkung", stock: 5000 });
    const many = await placeOrder(testDb.db, user, checkout([{ productId: kangkung.id, quantity: 1000 }]));
    expect(many).toMatchObject({ ok: false, message: "Jumlah Kangkung maksimal 999." });
    expect(await stockOf(testDb.db, kangkung.id)).toBe(5000);
  });
});

describe("line notes and substitutions", () => {
  it("stores each line's note and choice with the order; the default is 'Jangan diganti'", async () => {
    const user = await makeUser();
    const bayam = await makeProduct({ name: "Bayam Hijau" });
    const tomat = await makeProduct({ name: "Tomat" });
    const result = await placeOrder(
      testDb.db,
      user,
      checkout([
        { productId: bayam.id, quantity: 1, note: "pilih yang muda", allowSubstitute: true },
        { productId: tomat.id, quantity: 2 },
      ]),
    );
    if (!result.ok) throw new Error(result.message);
    const items = Object.fromEntries(result.order.items.map((i) => [i.productName, i]));
    expect(items["Bayam Hijau"]).toMatchObject({ note: "pilih yang muda", allowSubstitute: true });
    expect(items["Tomat"]).toMatchObject({ note: "", allowSubstitute: false });
  });
});
