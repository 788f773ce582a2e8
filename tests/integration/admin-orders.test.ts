// Orders in the admin panel: finding them among many, status changes with their history
// and stock, the delivery fee, the detail's contact links, the picking list and the CSV.
import { parse } from "csv-parse/sync";
import { and, desc, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderChanges, orderItems, orders, orderStatusHistory, stockAdjustments } from "~/db/schema";
import { outboxMails } from "../support/outbox";
import { addDays, shopDate, tomorrowInShop } from "~/lib/dates";
import { OUTSIDE_AREA } from "~/lib/delivery-settings";
import * as dashboardRoute from "~/routes/admin.dashboard";
import * as orderRoute from "~/routes/admin.orders.$id";
import * as exportRoute from "~/routes/admin.orders.export";
import * as printRoute from "~/routes/admin.orders.print.$id";
import * as pickingRoute from "~/routes/admin.picking-list";
import {
  countOrdersByStatus,
  listOrdersForAdmin,
  parseAdminOrderFilters,
  pickingList,
} from "~/server/orders/staff-list.server";
import { exportOrdersCsv } from "~/server/orders/export.server";
import { setOrderStatus } from "~/server/orders/status.server";
import { placeOrder } from "~/server/orders/placing.server";
import {
  createManyOrders,
  createOrder,
  createProduct,
  createPromo,
  createUser,
  nextDelivery,
  setStock,
  signIn,
  type TestUser,
} from "../support/factories";
import { callAction, callLoader, cookiesAfter, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { stockOf } from "../support/db-reads";

let testDb: TestDatabase;
let admin: TestUser;
let customer: TestUser;
let adminCookie: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  admin = await createUser(testDb.db, { role: "admin", name: "Dewi Staf" });
  customer = await createUser(testDb.db, { name: "Siti Aminah" });
  adminCookie = await signIn(testDb.db, admin);
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

async function versionOf(orderId: string) {
  const [o] = await testDb.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
  return o.version;
}

async function historyOf(orderId: string) {
  return testDb.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(desc(orderStatusHistory.createdAt));
}

async function changeStatus(orderId: string, status: string, via: "dashboard" | "detail" = "detail") {
  return via === "dashboard"
    ? callAction(
        dashboardRoute.action,
        "/admin/dashboard?status=pending",
        form({ intent: "status", orderId, status }),
        { cookie: adminCookie },
      )
    : callAction(orderRoute.action, `/admin/orders/${orderId}`, form({ intent: "status", status }), {
        cookie: adminCookie,
        params: { id: orderId },
      });
}

/** The one-time message an action left for the next page: read by the admin layout. */
async function flashAfter(result: { headers: Headers; status: number; location: string | null }) {
  const { loader } = await import("~/routes/admin.layout");
  const next = await callLoader(loader, result.location ?? "/admin/dashboard", {
    cookie: cookiesAfter(adminCookie, result as never),
  });
  return (next.data as { flash: { message: string } | null }).flash?.message;
}

describe("status changes", () => {
  it("records who changed what and when, and says so in the shop's words", async () => {
    const product = await createProduct(testDb.db, { stock: 10 });
    const order = await createOrder(testDb.db, {
      userId: customer.id,
      items: [{ productId: product.id, quantity: 2 }],
    });

    const result = await changeStatus(order.id, "processing");

    expect(result.status).toBe(303);
    expect(result.location).toBe(`/admin/orders/${order.id}`);
    expect(await flashAfter(result)).toBe(`Status pesanan #${order.id.slice(0, 8)} diubah menjadi Diproses.`);
    const [latest] = await historyOf(order.id);
    expect(latest).toMatchObject({ fromStatus: "pending", toStatus: "processing", changedBy: admin.id });
    expect(Date.now() - latest.createdAt.getTime()).toBeLessThan(60_000);

    // The detail page shows the history with names.
    const detail = await callLoader(orderRoute.loader, `/admin/orders/${order.id}`, {
      cookie: adminCookie,
      params: { id: order.id },
    });
    const history = (
      detail.data as { order: { history: { fromStatus: string | null; toStatus: string; changedByName: string }[] } }
    ).order.history;
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedByName])).toEqual([
      ["pending", "processing", "Dewi Staf"],
      [null, "pending", "Siti Aminah"],
    ]);
  });

  it("allows any status to any status, from the list too, and goes back to the list with its filters", async () => {
    const product = await createProduct(testDb.db);
    const order = await createOrder(testDb.db, {
      userId: customer.id,
      items: [{ productId: product.id, quantity: 1 }],
      status: "completed",
    });
    const result = await changeStatus(order.id, "pending", "dashboard");
    expect(result.status).toBe(303);
    expect(result.location).toBe("/admin/dashboard?status=pending");
    const [row] = await testDb.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("pending");
  });

  it("returns the stock when an order is cancelled and takes it again when it is un-cancelled", async () => {
    const a = await createProduct(testDb.db, { stock: 10 });
    const b = await createProduct(testDb.db, { stock: 4 });
    const order = await createOrder(testDb.db, {
      userId: customer.id,
      items: [
        { productId: a.id, quantity: 3 },
        { productId: b.id, quantity: 4 },
      ],
    });
    expect([await stockOf(testDb.db, a.id), await stockOf(testDb.db, b.id)]).toEqual([7, 0]);

    await changeStatus(order.id, "cancelled");
    expect([await stockOf(testDb.db, a.id), await stockOf(testDb.db, b.id)]).toEqual([10, 4]);
    const returned = await testDb.db
      .select()
      .from(stockAdjustments)
      .where(and(eq(stockAdjustments.orderId, order.id), eq(stockAdjustments.reason, "cancel")));
    expect(returned.map((r) => r.delta).sort()).toEqual([3, 4]);
    expect(returned.every((r) => r.changedBy === admin.id)).toBe(true);

    // Cancelled to completed (not via pending) takes it again, once.
    await changeStatus(order.id, "completed");
    expect([await stockOf(testDb.db, a.id), await stockOf(testDb.db, b.id)]).toEqual([7, 0]);
    // Between non-cancelled statuses stock does not move.
    await changeStatus(order.id, "processing");
    expect([await stockOf(testDb.db, a.id), await stockOf(testDb.db, b.id)]).toEqual([7, 0]);
  });

  it("undoes exactly what checkout took, for an order placed through the real checkout", async () => {
    const p = await createProduct(testDb.db, { stock: 9, price: 10000, discount: 10 });
    // A shopper of their own: the shared one already has this slot's per-customer limit of orders.
    const placed = await placeOrder(testDb.db, await createUser(testDb.db), {
      name: "Siti Aminah",
      phone: "6281234567890",
      address: "Jl. Kalimantan No. 37, Jember",
      notes: "",
      ...nextDelivery(),
      area: OUTSIDE_AREA,
      lines: [{ productId: p.id, quantity: 4 }],
      idempotencyKey: randomUUID(),
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(await stockOf(testDb.db, p.id)).toBe(5);
    await changeStatus(placed.order.id, "cancelled");
    expect(await stockOf(testDb.db, p.id)).toBe(9);
    await changeStatus(placed.order.id, "pending");
    expect(await stockOf(testDb.db, p.id)).toBe(5);
    const reasons = await testDb.db
      .select({ reason: stockAdjustments.reason, delta: stockAdjustments.delta })
      .from(stockAdjustments)
      .where(eq(stockAdjustments.orderId, placed.order.id));
    expect(reasons.map((r) => `${r.reason}:${r.delta}`).sort()).toEqual(["cancel:4", "order:-4", "uncancel:-4"]);
  });

  it("refuses to un-cancel when stock is short, with a clear message, and changes nothing", async () => {
    const p = await createProduct(testDb.db, { name: "Cabai Rawit Uji", stock: 5 });
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: p.id, quantity: 4 }] });
    await changeStatus(order.id, "cancelled");
    // Someone else buys most of it meanwhile.
    await setStock(testDb.db, p.id, 1, { reason: "order" });
    const historyBefore = await historyOf(order.id);

    const result = await changeStatus(order.id, "processing");

    expect(result.status).toBe(409);
    expect((result.data as { message: string }).message).toBe(
      `Pesanan #${order.id.slice(0, 8)} tidak dapat diaktifkan kembali karena stok tidak cukup: Cabai Rawit Uji (perlu 4, sisa 1). Tambah stok produk tersebut dulu.`,
    );
    const [row] = await testDb.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("cancelled");
    expect(await stockOf(testDb.db, p.id)).toBe(1);
    expect(await historyOf(order.id)).toHaveLength(historyBefore.length);
  });

  it("says so and records nothing when the status is already the chosen one", async () => {
    const p = await createProduct(testDb.db);
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: p.id, quantity: 1 }] });
    const result = await setOrderStatus(testDb.db, admin, { orderId: order.id, status: "pending" });
    expect(result).toEqual({ ok: true, message: `Status pesanan #${order.id.slice(0, 8)} sudah Menunggu.` });
    expect(await historyOf(order.id)).toHaveLength(1);
  });

  it("refuses unknown statuses and unknown orders", async () => {
    const p = await createProduct(testDb.db);
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: p.id, quantity: 1 }] });
    const bad = await changeStatus(order.id, "shipped");
    expect(bad.status).toBe(400);
    expect((bad.data as { message: string }).message).toBe("Pilih status yang tersedia.");
    const missing = await changeStatus("00000000-0000-4000-8000-000000000000", "completed");
    expect(missing.status).toBe(404);
    const [row] = await testDb.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe("pending");
  });

  it("keeps stock right when two staff change the same order at once", async () => {
    const p = await createProduct(testDb.db, { stock: 6 });
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: p.id, quantity: 2 }] });
    await Promise.all([
      setOrderStatus(testDb.db, admin, { orderId: order.id, status: "cancelled" }),
      setOrderStatus(testDb.db, admin, { orderId: order.id, status: "cancelled" }),
    ]);
    expect(await stockOf(testDb.db, p.id)).toBe(6);
  });
});

describe("delivery fee", () => {
  it("accepts what staff type, shows it with the grand total, and refuses bad values", async () => {
    const p = await createProduct(testDb.db, { price: 12000 });
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: p.id, quantity: 2 }] });
    const post = async (deliveryFee: string) =>
      callAction(
        orderRoute.action,
        `/admin/orders/${order.id}`,
        form({ intent: "fee", version: String(await versionOf(order.id)), deliveryFee }),
        { cookie: adminCookie, params: { id: order.id } },
      );
    const feeNow = async () => (await testDb.db.select().from(orders).where(eq(orders.id, order.id)))[0].deliveryFee;

    const before = await callLoader(orderRoute.loader, `/admin/orders/${order.id}`, {
      cookie: adminCookie,
      params: { id: order.id },
    });
    expect((before.data as { order: { deliveryFee: number | null } }).order.deliveryFee).toBeNull();

    for (const [input, message] of [
      ["", "Masukkan ongkir."],
      ["sepuluh ribu", "Ongkir harus angka rupiah, mis. 11.000 atau 11000."],
      ["-5000", "Ongkir harus angka rupiah, mis. 11.000 atau 11000."],
      ["12,5", "Ongkir harus rupiah bulat tanpa sen, mis. 11.000."],
      // A decimal point is never dropped: this is not Rp 1.500.050.
      ["15000.50", "Ongkir harus rupiah bulat tanpa sen, mis. 11.000."],
      ["10000001", "Ongkir harus antara Rp 0 dan Rp 10.000.000."],
    ]) {
      const result = await post(input);
      expect(result.status).toBe(400);
      expect((result.data as { message: string }).message.replace(/\u00a0/g, " ")).toBe(message);
      expect(await feeNow()).toBeNull();
    }

    const ok = await post("Rp 15.000");
    expect(ok.status).toBe(303);
    expect((await flashAfter(ok))?.replace(/\u00a0/g, " ")).toBe(
      `Ongkir pesanan #${order.id.slice(0, 8)} disimpan: Rp 15.000. Total Rp 39.000.`,
    );
    expect(await feeNow()).toBe(15000);

    const after = await callLoader(orderRoute.loader, `/admin/orders/${order.id}`, {
      cookie: adminCookie,
      params: { id: order.id },
    });
    expect((after.data as { order: { grandTotal: number } }).order.grandTotal).toBe(39000);
    const invoice = await callLoader(printRoute.loader, `/admin/orders/print/${order.id}`, {
      cookie: adminCookie,
      params: { id: order.id },
    });
    expect((invoice.data as { order: { deliveryFee: number; grandTotal: number } }).order).toMatchObject({
      deliveryFee: 15000,
      grandTotal: 39000,
    });

    expect((await post("0")).status).toBe(303);
    expect(await feeNow()).toBe(0);

    // Copied from a spreadsheet with its zero sen: Rp 15.000, not Rp 1.500.000.
    for (const typed of ["15000.00", "15.000,00"]) {
      expect((await post("0")).status).toBe(303);
      expect((await post(typed)).status).toBe(303);
      expect(await feeNow()).toBe(15000);
    }
  });
});

describe("delivery fee, an order edit like the others", () => {
  const postFee = (orderId: string, fields: Record<string, string>) =>
    callAction(orderRoute.action, `/admin/orders/${orderId}`, form({ intent: "fee", ...fields }), {
      cookie: adminCookie,
      params: { id: orderId },
    });
  const post = (orderId: string, fields: Record<string, string>) =>
    callAction(orderRoute.action, `/admin/orders/${orderId}`, form(fields), {
      cookie: adminCookie,
      params: { id: orderId },
    });
  /** Everything a refused fee change must leave alone: the order row, its change log and its mails. */
  const stored = async (orderId: string) => ({
    order: (await testDb.db.select().from(orders).where(eq(orders.id, orderId)))[0],
    changes: await testDb.db.select().from(orderChanges).where(eq(orderChanges.orderId, orderId)),
    mails: (await outboxMails(testDb.db)).length,
  });
  const messageOf = (result: { data: unknown }) => (result.data as { message: string }).message;

  it("goes up the version and into the 'Riwayat Perubahan'", async () => {
    const p = await createProduct(testDb.db, { price: 10000 });
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: p.id, quantity: 1 }] });
    expect((await postFee(order.id, { version: "1", deliveryFee: "7000" })).status).toBe(303);
    const after = await stored(order.id);
    expect(after.order).toMatchObject({ deliveryFee: 7000, version: 2 });
    expect(after.changes.map((c) => [c.kind, c.description.replace(/\u00a0/g, " "), c.changedBy])).toEqual([
      ["fee", "Ongkir: belum ditentukan → Rp 7.000", admin.id],
    ]);
  });

  it("refuses a fee posted from an older page with 'Pesanan ini baru saja diubah. Muat ulang halaman.' and stores nothing", async () => {
    const p = await createProduct(testDb.db, { price: 10000 });
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: p.id, quantity: 1 }] });
    // Two staff opened the page at version 1; the first saves Rp 5.000.
    expect((await postFee(order.id, { version: "1", deliveryFee: "5000" })).status).toBe(303);
    const before = await stored(order.id);
    const posts: Record<string, string>[] = [{ version: "1", deliveryFee: "8000" }, { deliveryFee: "8000" }];
    for (const fields of posts) {
      const stale = await postFee(order.id, fields);
      expect(stale.status).toBeGreaterThanOrEqual(400);
      expect(messageOf(stale)).toBe("Pesanan ini baru saja diubah. Muat ulang halaman.");
      expect(await stored(order.id)).toEqual(before);
    }
    expect(before.order).toMatchObject({ deliveryFee: 5000, version: 2 });
  });

  it("is refused once the bill is final, also after 'Lunas', and on a finished or cancelled order, storing nothing", async () => {
    const p = await createProduct(testDb.db, { price: 10000 });
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: p.id, quantity: 2 }] });
    expect((await postFee(order.id, { version: "1", deliveryFee: "5000" })).status).toBe(303);
    expect((await post(order.id, { intent: "finalize", version: "2" })).status).toBe(303);
    const final = await stored(order.id);
    expect(final.order.billFinalAt).not.toBeNull();
    expect(final.order.version).toBe(3);

    const late = await postFee(order.id, { version: "3", deliveryFee: "15000" });
    expect(late.status).toBe(409);
    expect(messageOf(late)).toBe("Tagihan sudah final. Pesanan tidak dapat diubah lagi.");
    expect(await stored(order.id)).toEqual(final);

    expect((await post(order.id, { intent: "paid", paidAmount: "25000" })).status).toBe(303);
    const paid = await stored(order.id);
    expect(paid.order.paymentStatus).toBe("paid");
    const afterPaid = await postFee(order.id, { version: String(paid.order.version), deliveryFee: "0" });
    expect(afterPaid.status).toBe(409);
    expect(messageOf(afterPaid)).toBe("Tagihan sudah final. Pesanan tidak dapat diubah lagi.");
    expect(await stored(order.id)).toEqual(paid);

    for (const status of ["completed", "cancelled"] as const) {
      const closed = await createOrder(testDb.db, {
        userId: customer.id,
        status,
        items: [{ productId: p.id, quantity: 1 }],
      });
      const before = await stored(closed.id);
      const refused = await postFee(closed.id, { version: "1", deliveryFee: "5000" });
      expect(refused.status).toBe(409);
      expect(messageOf(refused)).toBe("Pesanan yang sudah Selesai atau Dibatalkan tidak dapat diubah.");
      expect(await stored(closed.id)).toEqual(before);
      expect(before.order.deliveryFee).toBeNull();
    }
  });
});

describe("order detail", () => {
  it("links to call, chat (0 replaced by 62, greeting with name and order number) and the map", async () => {
    const p = await createProduct(testDb.db);
    const order = await createOrder(testDb.db, {
      userId: customer.id,
      items: [{ productId: p.id, quantity: 1 }],
      recipientName: "Bu Sri",
      recipientPhone: "0812-3344-5566",
      recipientAddress: "Jl. Jawa No. 5, Sumbersari, Jember",
    });
    const result = await callLoader(orderRoute.loader, `/admin/orders/${order.id}`, {
      cookie: adminCookie,
      params: { id: order.id },
    });
    const links = (result.data as { order: { links: { tel: string; whatsapp: string; maps: string } } }).order.links;
    expect(links.tel).toBe("tel:+6281233445566");
    const wa = new URL(links.whatsapp);
    expect(`${wa.origin}${wa.pathname}`).toBe("https://wa.me/6281233445566");
    expect(wa.searchParams.get("text")).toContain("Bu Sri");
    expect(wa.searchParams.get("text")).toContain(`#${order.id.slice(0, 8)}`);
    expect(links.maps).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("Jl. Jawa No. 5, Sumbersari, Jember")}`,
    );
  });

  it("answers 404 for an unknown or malformed order number", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "bukan-id", "1'; drop table orders; --"]) {
      const result = await callLoader(orderRoute.loader, `/admin/orders/${encodeURIComponent(id)}`, {
        cookie: adminCookie,
        params: { id },
      });
      expect(result.status).toBe(404);
      const invoice = await callLoader(printRoute.loader, `/admin/orders/print/${encodeURIComponent(id)}`, {
        cookie: adminCookie,
        params: { id },
      });
      expect(invoice.status).toBe(404);
    }
  });
});

describe("many orders", () => {
  let db: TestDatabase;
  let made: { id: string; recipientName: string; recipientPhone: string; createdAt: Date }[];
  const tomorrow = tomorrowInShop();

  beforeAll(async () => {
    // A database of its own, so the counts below are exact.
    db = await createTestDatabase({ seed: false });
    const buyer = await createUser(db.db);
    const product = await createProduct(db.db, { name: "Tomat", unit: "per kg", price: 9000 });
    const names = ["Budi Santoso", "Rina Wulandari", "Ahmad Fauzi", "Sri Rahayu", "Dewi Lestari", "Agus Salim"];
    const statuses = ["pending", "processing", "completed", "cancelled"] as const;
    const start = Date.now() - 400 * 3600_000;
    made = await createManyOrders(db.db, 300, (i) => ({
      userId: buyer.id,
      product,
      recipientName: i === 123 ? "Nyoman Ayu Ketut" : names[i % names.length],
      recipientPhone: i === 123 ? "085799887766" : `0812${String(10000000 + i)}`,
      status: statuses[i % 4],
      deliveryDate: i % 3 === 0 ? tomorrow : addDays(tomorrow, -1 - (i % 7)),
      deliverySlot: i % 2 === 0 ? "pagi" : "sore",
      createdAt: new Date(start + i * 3600_000),
    }));
  });

  afterAll(async () => {
    await db?.destroy();
  });

  const list = (query: string) => listOrdersForAdmin(db.db, admin, parseAdminOrderFilters(new URLSearchParams(query)));

  it("pages through them newest first, 20 at a time, counted by the database", async () => {
    const first = await list("");
    expect(first.total).toBe(300);
    expect(first.pageCount).toBe(15);
    expect(first.orders).toHaveLength(20);
    expect(first.orders[0].id).toBe(made[299].id);
    const last = await list("page=15");
    expect(last.orders).toHaveLength(20);
    expect(last.orders[19].id).toBe(made[0].id);
    // Every order appears exactly once across the pages.
    const seen = new Set<string>();
    for (let page = 1; page <= 15; page++) for (const o of (await list(`page=${page}`)).orders) seen.add(o.id);
    expect(seen.size).toBe(300);
    // A page past the end shows the last page rather than nothing.
    expect((await list("page=99")).page).toBe(15);
    expect((await list("page=abc")).page).toBe(1);
  });

  it("finds an order by the number people read out, with or without #", async () => {
    const target = made[123];
    for (const q of [
      target.id.slice(0, 8),
      `#${target.id.slice(0, 8)}`,
      target.id.slice(0, 8).toUpperCase(),
      target.id,
    ]) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(found.orders.map((o) => o.id)).toContain(target.id);
      expect(found.total).toBeLessThanOrEqual(2);
    }
  });

  it("finds orders by customer name (any case, any part) and by phone written as 08.., 62.. or +62 ..", async () => {
    expect((await list("q=nyoman")).orders.map((o) => o.recipientName)).toEqual(["Nyoman Ayu Ketut"]);
    expect((await list("q=AYU%20KET")).total).toBe(1);
    // Every sixth order is Sri Rahayu's, except the one that became Nyoman's.
    expect((await list("q=rahayu")).total).toBe(49);
    for (const q of ["085799887766", "6285799887766", "+62 857-9988-7766", "99887766"]) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(found.orders.map((o) => o.recipientName)).toEqual(["Nyoman Ayu Ketut"]);
    }
    expect((await list("q=tidak-ada-yang-begini")).total).toBe(0);
    // LIKE wildcards typed by staff are plain text.
    expect((await list("q=%25")).total).toBe(0);
    expect((await list("q=_")).total).toBe(0);
  });

  it("filters by status, delivery date and window, together with the search", async () => {
    expect((await list("status=pending")).total).toBe(75);
    const tomorrowAll = await list(`date=${tomorrow}`);
    expect(tomorrowAll.total).toBe(100);
    const tomorrowMorning = await list(`date=${tomorrow}&slot=pagi`);
    expect(tomorrowMorning.total).toBe(50);
    expect(tomorrowMorning.orders.every((o) => o.deliveryDate === tomorrow && o.deliverySlot === "pagi")).toBe(true);
    const narrowed = await list(`date=${tomorrow}&slot=pagi&status=pending&q=budi`);
    expect(narrowed.orders.every((o) => o.recipientName === "Budi Santoso" && o.status === "pending")).toBe(true);
    // Tomorrow (i % 3), morning (i % 2), pending (i % 4) and Budi (i % 6): every 12th order.
    expect(narrowed.total).toBe(25);
    // Odd filter values are ignored rather than failing.
    expect((await list("status=shipped&slot=malam&date=2026-02-30")).total).toBe(300);
  });

  it("counts every status for the Statistik tab", async () => {
    expect(await countOrdersByStatus(db.db, admin)).toEqual({
      total: 300,
      pending: 75,
      processing: 75,
      completed: 75,
      cancelled: 75,
    });
  });

  it("serves the list through the dashboard route, 20 rows, and the counters on their tab", async () => {
    const dbAdmin = await createUser(db.db, { role: "admin" });
    useTestDatabase(db);
    try {
      const cookie = await signIn(db.db, dbAdmin);
      const result = await callLoader(dashboardRoute.loader, `/admin/dashboard?date=${tomorrow}&slot=sore&page=2`, {
        cookie,
      });
      const body = result.data as { list: { total: number; page: number; orders: unknown[] }; counts: unknown };
      expect(body.list).toMatchObject({ total: 50, page: 2 });
      expect(body.list.orders).toHaveLength(20);
      expect(body.counts).toBeNull();
      const stats = await callLoader(dashboardRoute.loader, "/admin/dashboard?tab=statistik", { cookie });
      expect((stats.data as { counts: { total: number; completed: number } }).counts).toMatchObject({
        total: 300,
        completed: 75,
      });
    } finally {
      useTestDatabase(testDb);
    }
  });
});

describe("picking list", () => {
  it("totals each product over the non-cancelled orders of one delivery date and window", async () => {
    const date = addDays(shopDate(), 30);
    const bayam = await createProduct(testDb.db, { name: "Bayam Picking", unit: "per ikat", stock: 100 });
    const tomat = await createProduct(testDb.db, { name: "Tomat Picking", unit: "per kg", stock: 100 });
    await createOrder(testDb.db, {
      userId: customer.id,
      deliveryDate: date,
      deliverySlot: "pagi",
      items: [
        { productId: bayam.id, quantity: 2 },
        { productId: tomat.id, quantity: 1 },
      ],
    });
    await createOrder(testDb.db, {
      userId: customer.id,
      deliveryDate: date,
      deliverySlot: "pagi",
      items: [{ productId: bayam.id, quantity: 3 }],
      status: "processing",
    });
    await createOrder(testDb.db, {
      userId: customer.id,
      deliveryDate: date,
      deliverySlot: "pagi",
      items: [{ productId: bayam.id, quantity: 50 }],
      status: "cancelled",
    });
    await createOrder(testDb.db, {
      userId: customer.id,
      deliveryDate: date,
      deliverySlot: "sore",
      items: [{ productId: tomat.id, quantity: 4 }],
    });
    await createOrder(testDb.db, {
      userId: customer.id,
      deliveryDate: addDays(date, 1),
      deliverySlot: "pagi",
      items: [{ productId: tomat.id, quantity: 9 }],
    });

    const morning = await pickingList(testDb.db, admin, { date, slot: "pagi" });
    expect(morning.orderCount).toBe(2);
    expect(morning.lines.map((l) => [l.productName, l.quantity, l.productUnit, l.orderCount])).toEqual([
      ["Bayam Picking", 5, "per ikat", 2],
      ["Tomat Picking", 1, "per kg", 1],
    ]);
    const wholeDay = await pickingList(testDb.db, admin, { date, slot: "semua" });
    expect(wholeDay.lines.map((l) => [l.productName, l.quantity])).toEqual([
      ["Bayam Picking", 5],
      ["Tomat Picking", 5],
    ]);

    const viaRoute = await callLoader(pickingRoute.loader, `/admin/picking-list?date=${date}&slot=sore`, {
      cookie: adminCookie,
    });
    expect((viaRoute.data as { list: { lines: { productName: string; quantity: number }[] } }).list.lines).toEqual([
      expect.objectContaining({ productName: "Tomat Picking", quantity: 4 }),
    ]);
  });

  it("sums weighed produce in grams and shows it as kg in the picking list, the order page and the CSV", async () => {
    const date = addDays(shopDate(), 40);
    const weighed = { soldByWeight: true, unit: "per kg", weightStep: 250, weightMin: 250, stock: 10_000 };
    const bawang = await createProduct(testDb.db, { name: "Bawang Timbang", price: 40000, ...weighed });
    const bayam = await createProduct(testDb.db, { name: "Bayam Timbang", unit: "per ikat", price: 3000 });
    const first = await createOrder(testDb.db, {
      userId: customer.id,
      deliveryDate: date,
      items: [
        { productId: bawang.id, quantity: 750 },
        { productId: bayam.id, quantity: 2 },
      ],
    });
    await createOrder(testDb.db, {
      userId: customer.id,
      deliveryDate: date,
      items: [{ productId: bawang.id, quantity: 500 }],
    });

    await testDb.db
      .update(orderItems)
      .set({ note: "potong 4", allowSubstitute: true })
      .where(and(eq(orderItems.orderId, first.id), eq(orderItems.productId, bayam.id)));
    const list = await pickingList(testDb.db, admin, { date, slot: "semua" });
    expect(list.lines.find((l) => l.productName === "Bayam Timbang")).toMatchObject({
      notes: [`potong 4 (#${first.id.slice(0, 8)})`],
      substitutable: 1,
    });
    expect(list.lines.map((l) => [l.productName, l.quantity, l.soldByWeight])).toEqual([
      ["Bawang Timbang", 1250, true],
      ["Bayam Timbang", 2, false],
    ]);

    const detail = await callLoader(orderRoute.loader, `/admin/orders/${first.id}`, {
      cookie: adminCookie,
      params: { id: first.id },
    });
    const order = (
      detail.data as { order: { totalAmount: number; items: { productName: string; lineTotal: number }[] } }
    ).order;
    // 0,75 kg x Rp40.000 + 2 x Rp3.000
    expect(order.totalAmount).toBe(36000);
    expect(order.items.map((i) => [i.productName, i.lineTotal])).toEqual([
      ["Bawang Timbang", 30000],
      ["Bayam Timbang", 6000],
    ]);

    const { csv } = await exportOrdersCsv(testDb.db, admin, { from: date, to: date, basis: "delivery" });
    expect(csv).toContain("Bawang Timbang 0,75 kg, Bayam Timbang x2 per ikat");
    expect(csv).toContain("Bawang Timbang 0,5 kg");
    expect(csv).not.toMatch(/0\.75|0\.5 kg/);
  });

  it("defaults to tomorrow when no date is given", async () => {
    const result = await callLoader(pickingRoute.loader, "/admin/picking-list?date=kemarin", { cookie: adminCookie });
    expect((result.data as { list: { date: string; slot: string } }).list).toMatchObject({
      date: tomorrowInShop(),
      slot: "semua",
    });
  });
});

describe("CSV export", () => {
  it("writes a spreadsheet-safe file with Indonesian text intact", async () => {
    const day = addDays(shopDate(), -40);
    const p = await createProduct(testDb.db, { name: 'Kemangi; "segar"', unit: "per ikat", price: 2000 });
    const order = await createOrder(testDb.db, {
      userId: customer.id,
      items: [{ productId: p.id, quantity: 3 }],
      recipientName: '=HYPERLINK("http://jahat.example")',
      recipientPhone: "+6281234567890",
      recipientAddress: "Jl. Mastrip Gg. Ɓaru No. 7\nSumbersari, Jember",
      notes: "Tolong pilihkan yang segar,=2+3 terima kasih 🙏",
      deliveryFee: 7000,
      createdAt: new Date(`${day}T09:30:00+07:00`),
    });
    await createOrder(testDb.db, {
      userId: customer.id,
      items: [{ productId: p.id, quantity: 1 }],
      createdAt: new Date(`${addDays(day, -1)}T23:59:00+07:00`),
    });

    const result = await callLoader(exportRoute.loader, `/admin/orders/export.csv?from=${day}&to=${day}`, {
      cookie: adminCookie,
    });

    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(result.headers.get("content-disposition")).toBe(`attachment; filename="pesanan-pesan-${day}-sd-${day}.csv"`);
    const bytes = new Uint8Array(await result.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "No. Pesanan;ID Pesanan;Tanggal Pesan;Tanggal Kirim;Waktu Kirim;Status;Nama Penerima;Telepon;Alamat;Email Akun;Produk;Jumlah Barang;Subtotal;Ongkir;Total;Catatan;Metode Pembayaran;Status Pembayaran;Saldo Dipakai;Jumlah Ditagih;Jumlah Diterima;Kode Promo;Potongan Promo",
    );
    // Exactly one order in the range (the other was the evening before, Jakarta time).
    expect(csv).toContain(order.id);
    // The header and the one row; the address's line break stays inside its quoted cell.
    expect(csv.match(/\r\n/g)).toHaveLength(2);
    expect(csv).toContain(`#${order.id.slice(0, 8)};${order.id};${day} 09:30;`);
    expect(csv).toContain(`"'=HYPERLINK(""http://jahat.example"")"`);
    expect(csv).toContain(";'+6281234567890;");
    expect(csv).toContain('"Jl. Mastrip Gg. Ɓaru No. 7\nSumbersari, Jember"');
    expect(csv).toContain(
      '"Kemangi; ""segar"" x3 per ikat";3;6000;7000;13000;"Tolong pilihkan yang segar,\'=2+3 terima kasih 🙏";Dikonfirmasi via WhatsApp;Belum Bayar;0;13000;;;0\r\n',
    );
    expect(csv).toContain(";Menunggu;");
    // Read as a spreadsheet would (RFC 4180, and guessing the comma as separator): the
    // comma inside the note never makes "=2+3" a cell of its own.
    const [, row] = parse(csv, { delimiter: ";", record_delimiter: "\r\n" }) as string[][];
    expect(row[6]).toBe(`'=HYPERLINK("http://jahat.example")`);
    expect(row[15]).toBe("Tolong pilihkan yang segar,'=2+3 terima kasih 🙏");
    const byComma = parse(csv, {
      delimiter: ",",
      record_delimiter: "\r\n",
      relax_quotes: true,
      relax_column_count: true,
    }) as string[][];
    for (const cell of byComma.flat()) expect(cell).not.toMatch(/^[=+@]/);
  });

  it("names the promo of an order placed with one and what it took off, beside totals net of it", async () => {
    const p = await createProduct(testDb.db, { name: "Wortel Promo Uji", stock: 20, price: 12000 });
    const code = await createPromo(testDb.db, admin, { code: `CSV${randomUUID().slice(0, 6).toUpperCase()}` });
    const delivery = nextDelivery();
    const placeWith = async (promoCode?: string) => {
      const placed = await placeOrder(testDb.db, await createUser(testDb.db), {
        name: "Siti Aminah",
        phone: "6281234567890",
        address: "Jl. Kalimantan No. 37, Jember",
        notes: "",
        ...delivery,
        area: OUTSIDE_AREA,
        lines: [{ productId: p.id, quantity: 2 }],
        idempotencyKey: randomUUID(),
        ...(promoCode ? { promoCode } : {}),
      });
      if (!placed.ok) throw new Error(placed.message);
      return placed.order.id;
    };
    const withPromo = await placeWith(code);
    const without = await placeWith();

    const { csv } = await exportOrdersCsv(testDb.db, admin, {
      from: delivery.deliveryDate,
      to: delivery.deliveryDate,
      basis: "delivery",
    });
    const [header, ...rows] = parse(csv.slice(1), { delimiter: ";", record_delimiter: "\r\n" }) as string[][];
    const cell = (id: string, column: string) => rows.find((r) => r[1] === id)![header.indexOf(column)];
    // Rp 24.000 of goods less the code's Rp 5.000; the fee is not set yet (outside the areas).
    expect(cell(withPromo, "Kode Promo")).toBe(code);
    expect(cell(withPromo, "Potongan Promo")).toBe("5000");
    expect(cell(withPromo, "Subtotal")).toBe("19000");
    expect(cell(withPromo, "Total")).toBe("19000");
    expect(cell(without, "Kode Promo")).toBe("");
    expect(cell(without, "Potongan Promo")).toBe("0");
    expect(cell(without, "Subtotal")).toBe("24000");
  });

  it("can use the delivery date instead and refuses a bad range with a message", async () => {
    const date = addDays(shopDate(), 45);
    const p = await createProduct(testDb.db);
    const order = await createOrder(testDb.db, {
      userId: customer.id,
      items: [{ productId: p.id, quantity: 1 }],
      deliveryDate: date,
      recipientPhone: "6281234567890",
    });
    const { csv, count } = await exportOrdersCsv(testDb.db, admin, { from: date, to: date, basis: "delivery" });
    expect(count).toBe(1);
    expect(csv).toContain(order.id);
    // Written as staff read it, and as text a spreadsheet will not turn into 6.28E+12.
    expect(csv).toContain(";0812-3456-7890;");

    for (const [query, message] of [
      [`from=${date}&to=${addDays(date, -1)}`, "Ekspor CSV gagal: Tanggal awal harus sebelum tanggal akhir."],
      ["from=2025-01-01&to=2026-06-30", "Ekspor CSV gagal: Rentang tanggal maksimal 366 hari."],
      ["from=kemarin&to=2026-01-01", "Ekspor CSV gagal: Tanggal awal tidak valid."],
    ]) {
      const result = await callLoader(exportRoute.loader, `/admin/orders/export.csv?${query}`, { cookie: adminCookie });
      expect(result.status).toBe(303);
      expect(result.location).toBe("/admin/dashboard");
      expect(await flashAfter(result)).toBe(message);
    }
  });
});

describe("the layout", () => {
  it("shows a message once, then never again", async () => {
    const p = await createProduct(testDb.db);
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: p.id, quantity: 1 }] });
    const result = await changeStatus(order.id, "completed");
    const { loader } = await import("~/routes/admin.layout");
    const jar = cookiesAfter(adminCookie, result);
    const first = await callLoader(loader, `/admin/orders/${order.id}`, { cookie: jar });
    expect((first.data as { flash: { message: string } }).flash.message).toContain("diubah menjadi Selesai");
    const second = await callLoader(loader, `/admin/orders/${order.id}`, { cookie: cookiesAfter(jar, first) });
    expect((second.data as { flash: unknown }).flash).toBeNull();
  });

  it("does not accept a forged message", async () => {
    const { loader } = await import("~/routes/admin.layout");
    const forged = `sayur_admin_flash=${Buffer.from(JSON.stringify({ tone: "success", message: "Palsu" })).toString("base64")}`;
    const result = await callLoader(loader, "/admin/dashboard", { cookie: `${adminCookie}; ${forged}` });
    expect((result.data as { flash: unknown }).flash).toBeNull();
  });
});
