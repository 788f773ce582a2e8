// Staff weigh, substitute, remove and add lines on a placed order, then make the bill final:
// each edit moves stock, recomputes the total from the lines, writes 'Riwayat Perubahan',
// and an edit from an older page is refused. The customer sees the final bill of their own
// order only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderChanges, orderItems, orders } from "~/db/schema";
import { outboxMails } from "../support/outbox";
import { parseCheckout } from "~/lib/checkout";
import { ORDER_CHANGED_MESSAGE } from "~/lib/order-edits";
import { setDeliveryFee } from "~/server/orders/fee.server";
import { firstFieldError, parseFields } from "~/server/form-action.server";
import { editOrder, orderEditSchema } from "~/server/orders/edits.server";
import { loadFinalBillForCustomer } from "~/server/orders/view.server";
import { placeOrder } from "~/server/orders/placing.server";
import { getProductForAdmin } from "~/server/catalog/manage.server";
import { stockReasonLabel } from "~/lib/vocab/stock-reasons";
import {
  createProduct,
  createUser,
  nextDelivery,
  liftOrdersPerCustomerLimit,
  type TestUser,
} from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { stockOf } from "../support/db-reads";

let testDb: TestDatabase;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  admin = await createUser(testDb.db, { role: "admin", name: "Dewi Staf" });
  customer = await createUser(testDb.db, { name: "Siti Aminah" });
  // One shopper places every order here, all for the same slot.
  await liftOrdersPerCustomerLimit(testDb.db);
});

afterAll(async () => {
  await testDb?.destroy();
});

const weighed = { soldByWeight: true, unit: "per kg", weightStep: 250, weightMin: 250 };

async function orderRow(id: string) {
  const [o] = await testDb.db.select().from(orders).where(eq(orders.id, id));
  return o;
}

async function itemsOf(id: string) {
  return testDb.db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.productName);
}

/** An edit as the order page posts it: parsed as its action parses it, then applied. */
async function edit(orderId: string, fields: Record<string, string | number>) {
  const posted = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const parsed = parseFields(orderEditSchema, posted, { invalid: { message: firstFieldError } });
  if (!parsed.ok) return parsed.failure;
  return editOrder(testDb.db, admin, orderId, parsed.data);
}

async function placed(lines: { productId: string; quantity: number; allowSubstitute?: boolean; note?: string }[]) {
  const input = parseCheckout({
    name: "Siti Aminah",
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Jember",
    // The earliest delivery still open now: a fixed "tomorrow morning" is closed after its
    // 21:00 cut-off, and the suite must pass at any hour.
    ...nextDelivery(),
    lines,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}-edits`,
  });
  if (!input.success) throw new Error(JSON.stringify(input.fieldErrors));
  const result = await placeOrder(testDb.db, customer, input.data);
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

describe("staff order edits", () => {
  it("'Berat aktual' typed '0,8' or '0.8' re-prices the line at the price per kg and moves the stock", async () => {
    const bawang = await createProduct(testDb.db, { name: "Bawang Merah Edit", price: 40000, stock: 5000, ...weighed });
    const order = await placed([{ productId: bawang.id, quantity: 750 }]);
    expect(await stockOf(testDb.db, bawang.id)).toBe(4250);
    const [line] = await itemsOf(order.id);

    const first = await edit(order.id, { intent: "weight", version: 1, itemId: line.id, amount: "0,8" });
    expect(first).toMatchObject({ ok: true });
    expect(await orderRow(order.id)).toMatchObject({ totalAmount: 32000, version: 2 });
    expect(await stockOf(testDb.db, bawang.id)).toBe(4200);

    const second = await edit(order.id, { intent: "weight", version: 2, itemId: line.id, amount: "0.7" });
    expect(second).toMatchObject({ ok: true });
    expect(await orderRow(order.id)).toMatchObject({ totalAmount: 28000, version: 3 });
    expect(await stockOf(testDb.db, bawang.id)).toBe(4300);

    const changes = await testDb.db
      .select()
      .from(orderChanges)
      .where(eq(orderChanges.orderId, order.id))
      .orderBy(orderChanges.createdAt);
    expect(changes.map((c) => [c.kind, c.description, c.totalBefore, c.totalAfter, c.changedBy])).toEqual([
      ["weight", "Bawang Merah Edit: 0,75 kg → 0,8 kg (Rp\u00a030.000 → Rp\u00a032.000)", 30000, 32000, admin.id],
      ["weight", expect.stringContaining("0,8 kg → 0,7 kg"), 32000, 28000, admin.id],
    ]);
  });

  it("the product's stock history names an order edit 'Pesanan diubah', not the stored word", async () => {
    const tomat = await createProduct(testDb.db, { name: "Tomat Riwayat", price: 30000, stock: 5000, ...weighed });
    const order = await placed([{ productId: tomat.id, quantity: 500 }]);
    const [line] = await itemsOf(order.id);
    expect(await edit(order.id, { intent: "weight", version: 1, itemId: line.id, amount: "0,75" })).toMatchObject({
      ok: true,
    });
    const product = await getProductForAdmin(testDb.db, admin, tomat.id);
    const history = (product?.adjustments ?? []).map((a) => `${stockReasonLabel(a.reason)} ${a.delta}`);
    expect(history).toContain("Pesanan diubah -250");
    expect(history).toContain("Pesanan -500");
  });

  it("refuses an edit from an older page with 'Pesanan ini baru saja diubah. Muat ulang halaman.' and changes nothing", async () => {
    const tomat = await createProduct(testDb.db, { name: "Tomat Edit", price: 12000, stock: 5000, ...weighed });
    const order = await placed([{ productId: tomat.id, quantity: 500 }]);
    const [line] = await itemsOf(order.id);
    const a = edit(order.id, { intent: "weight", version: 1, itemId: line.id, amount: "0,75" });
    const b = edit(order.id, { intent: "weight", version: 1, itemId: line.id, amount: "1" });
    const results = await Promise.all([a, b]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ status: 409, message: ORDER_CHANGED_MESSAGE });
    const [after] = await itemsOf(order.id);
    // Whichever won, the stock matches the one line's weight.
    expect(await stockOf(testDb.db, tomat.id)).toBe(5000 - after.quantity);
    expect((await orderRow(order.id)).version).toBe(2);
  });

  it("refuses bad input in Indonesian and stores nothing", async () => {
    const cabai = await createProduct(testDb.db, { name: "Cabai Edit", price: 60000, stock: 1000, ...weighed });
    const order = await placed([{ productId: cabai.id, quantity: 250 }]);
    const [line] = await itemsOf(order.id);
    for (const [fields, message] of [
      [
        { intent: "weight", version: 1, itemId: line.id, amount: "banyak" },
        "Berat tidak valid. Tulis dalam kg, mis. 0,8 atau 0.8.",
      ],
      [{ intent: "weight", version: 1, itemId: line.id, amount: "5" }, "Stok Cabai Edit tidak cukup: tersisa 0,75 kg."],
      [{ intent: "weight", version: "x", itemId: line.id, amount: "0,3" }, ORDER_CHANGED_MESSAGE],
      [
        { intent: "weight", version: 1, itemId: "bukan-id", amount: "0,3" },
        "Baris pesanan tidak ditemukan. Muat ulang halaman.",
      ],
      [{ intent: "hapus-semua", version: 1 }, expect.any(String)],
    ] as const) {
      const result = await edit(order.id, fields as Record<string, string | number>);
      expect(result).toMatchObject({ ok: false, message });
    }
    expect(await orderRow(order.id)).toMatchObject({ version: 1, totalAmount: 15000 });
    expect(await stockOf(testDb.db, cabai.id)).toBe(750);
  });

  it("'Ganti Produk' needs the shopper's permission or their agreement in chat; 'Tidak Tersedia' and 'Tambah Produk' move stock", async () => {
    const bayam = await createProduct(testDb.db, { name: "Bayam Edit", price: 3000, stock: 10 });
    const kangkung = await createProduct(testDb.db, { name: "Kangkung Edit", price: 2500, stock: 10 });
    const sawi = await createProduct(testDb.db, { name: "Sawi Edit", price: 4000, stock: 10 });
    const order = await placed([
      { productId: bayam.id, quantity: 2 },
      { productId: sawi.id, quantity: 1 },
    ]);
    const [bayamLine, sawiLine] = await itemsOf(order.id);
    const refused = await edit(order.id, {
      intent: "substitute",
      version: 1,
      itemId: bayamLine.id,
      productId: kangkung.id,
      amount: "2",
    });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { agreed: expect.any(String) } });
    const swapped = await edit(order.id, {
      intent: "substitute",
      version: 1,
      itemId: bayamLine.id,
      productId: kangkung.id,
      amount: "2",
      agreed: "on",
    });
    expect(swapped).toMatchObject({ ok: true });
    expect(await stockOf(testDb.db, bayam.id)).toBe(10);
    expect(await stockOf(testDb.db, kangkung.id)).toBe(8);

    expect(await edit(order.id, { intent: "unavailable", version: 2, itemId: sawiLine.id })).toMatchObject({
      ok: true,
    });
    expect(await stockOf(testDb.db, sawi.id)).toBe(10);
    expect(await edit(order.id, { intent: "add", version: 3, productId: bayam.id, amount: "3" })).toMatchObject({
      ok: true,
    });
    expect(await stockOf(testDb.db, bayam.id)).toBe(7);

    const items = await itemsOf(order.id);
    expect(items.map((i) => [i.productName, i.quantity])).toEqual([
      ["Bayam Edit", 3],
      ["Kangkung Edit", 2],
    ]);
    // The bill is recomputed from the lines: 3 x 3.000 + 2 x 2.500.
    expect(await orderRow(order.id)).toMatchObject({ totalAmount: 14000, version: 4 });
  });

  it("'Tagihan Final' needs the fee, locks the order, queues the mail and shows the bill to its customer only", async () => {
    const kentang = await createProduct(testDb.db, { name: "Kentang Edit", price: 18000, stock: 5000, ...weighed });
    const order = await placed([{ productId: kentang.id, quantity: 1000 }]);
    const noFee = await edit(order.id, { intent: "finalize", version: 1 });
    expect(noFee).toMatchObject({ ok: false, message: "Isi ongkir dulu sebelum Tagihan Final." });

    await setDeliveryFee(testDb.db, admin, { orderId: order.id, deliveryFee: 5000, version: 1 });
    // The fee change is an edit too: the version moved.
    expect((await orderRow(order.id)).version).toBe(2);
    expect(await loadFinalBillForCustomer(testDb.db, customer.id, order.id)).toBeNull();
    const done = await edit(order.id, { intent: "finalize", version: 2 });
    expect(done).toMatchObject({ ok: true });
    expect((await orderRow(order.id)).billFinalAt).not.toBeNull();

    const [line] = await itemsOf(order.id);
    const late = await edit(order.id, { intent: "weight", version: 3, itemId: line.id, amount: "2" });
    expect(late).toMatchObject({ ok: false, message: "Tagihan sudah final. Pesanan tidak dapat diubah lagi." });

    const mails = await outboxMails(testDb.db, { dedupeKey: `bill-final:${order.id}` });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Tagihan final");

    const bill = await loadFinalBillForCustomer(testDb.db, customer.id, order.id);
    expect(bill?.changes.map((c) => c.kind)).toEqual(["fee", "final"]);
    expect(bill?.changes[0]).not.toHaveProperty("changedByName");
    const stranger = await createUser(testDb.db, { name: "Orang Lain" });
    expect(await loadFinalBillForCustomer(testDb.db, stranger.id, order.id)).toBeNull();
  });
});

describe("'Batalkan' after 'Tidak Tersedia'", () => {
  async function changesOf(orderId: string) {
    return testDb.db
      .select()
      .from(orderChanges)
      .where(eq(orderChanges.orderId, orderId))
      .orderBy(orderChanges.createdAt, orderChanges.id);
  }

  it("puts the removed line back exactly, takes its stock again and records both steps", async () => {
    const bayam = await createProduct(testDb.db, { name: "Bayam Batal", price: 4000, stock: 10, discount: 25 });
    const wortel = await createProduct(testDb.db, { name: "Wortel Batal", price: 20000, stock: 5000, ...weighed });
    const order = await placed([
      { productId: bayam.id, quantity: 2, note: "yang segar", allowSubstitute: true },
      { productId: wortel.id, quantity: 500 },
    ]);
    const [before] = await itemsOf(order.id);
    expect(before).toMatchObject({ productName: "Bayam Batal", quantity: 2, price: 3000, note: "yang segar" });
    const totalBefore = (await orderRow(order.id)).totalAmount;
    // The shop's price changes between the removal and the undo: the line keeps its own.
    const removed = await edit(order.id, { intent: "unavailable", version: 1, itemId: before.id });
    expect(removed).toMatchObject({
      ok: true,
      message: "'Bayam Batal' dihapus.",
      undo: { version: 2, productName: "Bayam Batal", changeId: expect.any(String) },
    });
    expect(await stockOf(testDb.db, bayam.id)).toBe(10);
    const { undo } = removed as unknown as { undo: { changeId: string; version: number } };

    const back = await edit(order.id, { intent: "restore", version: undo.version, changeId: undo.changeId });
    expect(back).toMatchObject({ ok: true, message: "'Bayam Batal' dikembalikan ke pesanan." });
    const [after] = await itemsOf(order.id);
    expect(after).toEqual(before);
    expect(await stockOf(testDb.db, bayam.id)).toBe(8);
    expect(await orderRow(order.id)).toMatchObject({ totalAmount: totalBefore, version: 3 });
    expect((await changesOf(order.id)).map((c) => [c.kind, c.description, c.changedBy])).toEqual([
      ["unavailable", "Bayam Batal 2 per ikat tidak tersedia (−Rp\u00a06.000)", admin.id],
      ["restore", "Bayam Batal 2 per ikat dikembalikan (batal Tidak Tersedia, +Rp\u00a06.000)", admin.id],
    ]);

    // Only once: a second press (or an older page) is refused and changes nothing.
    const again = await edit(order.id, { intent: "restore", version: 3, changeId: undo.changeId });
    expect(again).toMatchObject({ ok: false, message: "Baris ini sudah dikembalikan ke pesanan." });
    expect(await stockOf(testDb.db, bayam.id)).toBe(8);
  });

  it("is refused once the order changed again, or the bill is final, and then changes nothing", async () => {
    const sawi = await createProduct(testDb.db, { name: "Sawi Batal", price: 3000, stock: 10 });
    const tomat = await createProduct(testDb.db, { name: "Tomat Batal", price: 12000, stock: 5000, ...weighed });
    const order = await placed([
      { productId: sawi.id, quantity: 1 },
      { productId: tomat.id, quantity: 500 },
    ]);
    const [sawiLine, tomatLine] = await itemsOf(order.id);
    const removed = (await edit(order.id, { intent: "unavailable", version: 1, itemId: sawiLine.id })) as unknown as {
      undo: { changeId: string; version: number };
    };
    // Someone weighs the tomatoes (another page) before the undo.
    expect(await edit(order.id, { intent: "weight", version: 2, itemId: tomatLine.id, amount: "0,75" })).toMatchObject({
      ok: true,
    });
    const stale = await edit(order.id, {
      intent: "restore",
      version: removed.undo.version,
      changeId: removed.undo.changeId,
    });
    expect(stale).toMatchObject({
      ok: false,
      status: 409,
      message:
        "Pesanan sudah diubah lagi setelah 'Sawi Batal' dihapus, jadi hapusnya tidak dapat dibatalkan. Muat ulang halaman, lalu tambahkan lewat 'Tambah Produk' bila masih perlu.",
    });
    expect((await itemsOf(order.id)).map((i) => i.productName)).toEqual(["Tomat Batal"]);
    expect(await stockOf(testDb.db, sawi.id)).toBe(10);

    await setDeliveryFee(testDb.db, admin, { orderId: order.id, deliveryFee: 5000, version: 3 });
    expect(await edit(order.id, { intent: "finalize", version: 4 })).toMatchObject({ ok: true });
    const final = await edit(order.id, { intent: "restore", version: 5, changeId: removed.undo.changeId });
    expect(final).toMatchObject({
      ok: false,
      message: "Tagihan sudah final: 'Sawi Batal' tidak dapat dikembalikan lagi.",
    });
    expect((await itemsOf(order.id)).map((i) => i.productName)).toEqual(["Tomat Batal"]);
    expect((await changesOf(order.id)).map((c) => c.kind)).toEqual(["unavailable", "weight", "fee", "final"]);
  });

  it("refuses when the stock is gone in the meantime, with the stock left", async () => {
    const kol = await createProduct(testDb.db, { name: "Kol Batal", price: 5000, stock: 3 });
    const order = await placed([{ productId: kol.id, quantity: 3 }]);
    const [line] = await itemsOf(order.id);
    const removed = (await edit(order.id, { intent: "unavailable", version: 1, itemId: line.id })) as unknown as {
      undo: { changeId: string; version: number };
    };
    await placed([{ productId: kol.id, quantity: 2 }]);
    const short = await edit(order.id, { intent: "restore", version: 2, changeId: removed.undo.changeId });
    expect(short).toMatchObject({ ok: false, message: "Stok Kol Batal tidak cukup: tersisa 1." });
    expect(await itemsOf(order.id)).toEqual([]);
    expect(await stockOf(testDb.db, kol.id)).toBe(1);
  });
});
