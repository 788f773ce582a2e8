// The driver's side of a slot against the database: the sheet grouped by area with the links
// and amount to collect, 'Terkirim' through the one status change (history, stock, mail once),
// the 'sedang diantar' mails, every invoice of a slot, and the chips' counts against the quota.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, orderStatusHistory } from "~/db/schema";
import { DEFAULT_DELIVERY_SLOTS } from "~/lib/delivery-settings";
import { createOrder, createProduct, createUser, saveSetting, type TestUser } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { outboxMails } from "../../../tests/support/outbox";
import { setOrderStatus } from "../orders/status.server";
import { fixedClock, resetClock, setClock } from "../clock.server";
import {
  announceOutForDelivery,
  defaultSlotDelivery,
  loadDeliverySheet,
  loadSlotChips,
  loadSlotInvoices,
  markOrderDelivered,
} from "./sheet.server";
import { forgetCachedSettings } from "../settings.server";
import { stockOf } from "../../../tests/support/db-reads";

let testDb: TestDatabase;
let owner: TestUser;
let staff: TestUser;
let customer: TestUser;
let productId: string;
// Every test uses a date of its own, so their orders never meet.
let day = 0;
let date: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  owner = await createUser(testDb.db, { role: "admin", name: "Bu Ratna" });
  staff = await createUser(testDb.db, { role: "staff", name: "Mas Kurir" });
  customer = await createUser(testDb.db, { name: "Siti Aminah" });
  productId = (await createProduct(testDb.db, { price: 10_000, stock: 100 })).id;
});

beforeEach(() => {
  day++;
  date = `2027-01-${String(day).padStart(2, "0")}`;
});

afterEach(() => resetClock());

afterAll(async () => {
  await testDb?.destroy();
});

const order = (extra: Partial<Parameters<typeof createOrder>[1]> = {}) =>
  createOrder(testDb.db, { userId: customer.id, items: [{ productId, quantity: 2 }], deliveryDate: date, ...extra });

async function mailsOf(kind: string, orderId: string) {
  return (await outboxMails(testDb.db, { kind })).filter((m) => m.textBody.includes(`#${orderId.slice(0, 8)}`));
}

describe("the delivery sheet", () => {
  it("lists the slot's orders by area, sorted by address, with links, items and the amount to collect", async () => {
    const a = await order({
      deliveryAreaName: "Sumbersari",
      recipientAddress: "Jl. Kalimantan 37",
      recipientPhone: "081234567890",
      deliveryFee: 8_000,
      notes: "Pagar hijau",
    });
    const b = await order({ deliveryAreaName: "Sumbersari", recipientAddress: "Jl. Jawa 7" });
    const c = await order({ deliveryAreaName: "Kaliwates", recipientAddress: "Jl. Gajah Mada 2" });
    const outside = await order({ recipientAddress: "Desa Ambulu" });
    await order({ status: "cancelled", deliveryAreaName: "Sumbersari" });
    await order({ deliverySlot: "sore", deliveryAreaName: "Sumbersari" });

    const sheet = await loadDeliverySheet(testDb.db, staff, { date, slot: "pagi" }, "Sayur Segar");
    expect(sheet.groups.map((g) => [g.area, g.orders.map((o) => o.id)])).toEqual([
      ["Kaliwates", [c.id]],
      ["Sumbersari", [b.id, a.id]],
      ["Di luar area", [outside.id]],
    ]);
    expect(sheet.orderCount).toBe(4);
    const first = sheet.groups[1].orders[1];
    expect(first.itemCount).toBe(2);
    expect(first.notes).toBe("Pagar hijau");
    expect(first.phoneText).toBe("081234567890");
    expect(first.links.tel).toBe("tel:+6281234567890");
    expect(first.links.whatsapp).toMatch(/^https:\/\/wa\.me\/6281234567890\?text=/);
    expect(decodeURIComponent(first.links.whatsapp)).toContain(`#${a.id.slice(0, 8)}`);
    expect(first.links.maps).toContain(encodeURIComponent("Jl. Kalimantan 37"));
    expect(first.collect).toEqual({ amount: 28_000, feeUnknown: false, estimate: true });
    expect(sheet.groups[1].orders[0].collect).toEqual({ amount: 20_000, feeUnknown: true, estimate: true });
    expect(sheet.toCollect).toBe(20_000 * 3 + 28_000);
  });

  it("shows the payment method and status, and collects only cash still due at the door", async () => {
    const cod = await order({ deliveryFee: 5_000 });
    const paid = await order({ deliveryFee: 5_000, status: "completed" });
    const checking = await order({ deliveryFee: 5_000 });
    const withCredit = await order({ deliveryFee: 5_000 });
    const byTransfer = await order({ deliveryFee: 5_000, status: "processing" });
    const set = (id: string, values: Partial<typeof orders.$inferInsert>) =>
      testDb.db.update(orders).set(values).where(eq(orders.id, id));
    await set(cod.id, { paymentMethod: "cod" });
    await set(paid.id, { paymentMethod: "transfer", paymentStatus: "paid" });
    await set(checking.id, { paymentMethod: "qris", paymentStatus: "pending" });
    await set(withCredit.id, { paymentMethod: "cod", balanceApplied: 4_000 });
    // Paid to the shop's account, not to the driver, even while the transfer is still awaited.
    await set(byTransfer.id, { paymentMethod: "transfer", balanceApplied: -3_000 });
    const sheet = await loadDeliverySheet(testDb.db, staff, { date, slot: "pagi" }, "Sayur Segar");
    const byId = new Map(sheet.groups.flatMap((g) => g.orders).map((o) => [o.id, o]));
    expect(byId.get(cod.id)).toMatchObject({
      cashOnDelivery: true,
      paymentMethodText: "Bayar di Tempat (COD)",
      paymentStatus: "unpaid",
      collect: { amount: 25_000 },
    });
    // Delivered and paid by transfer: nothing to collect.
    expect(byId.get(paid.id)).toMatchObject({ status: "completed", paymentStatus: "paid", collect: null });
    expect(byId.get(byTransfer.id)).toMatchObject({ paymentStatus: "unpaid", collect: null });
    expect(byId.get(checking.id)).toMatchObject({ paymentStatus: "pending", collect: null });
    expect(byId.get(withCredit.id)?.collect).toEqual({ amount: 21_000, feeUnknown: false, estimate: true });
    expect(sheet.toCollect).toBe(25_000 + 21_000);
  });

  it("opens on the next delivery by the shop's clock", async () => {
    setClock(fixedClock("2026-11-25T07:30:00+07:00"));
    expect(await defaultSlotDelivery(testDb.db)).toEqual({ date: "2026-11-25", slot: "sore" });
    setClock(fixedClock("2026-11-25T19:00:00+07:00"));
    expect(await defaultSlotDelivery(testDb.db)).toEqual({ date: "2026-11-26", slot: "pagi" });
  });
});

describe("'Terkirim'", () => {
  it("marks the order 'Selesai' with a history row naming the staff member, and mails the customer once", async () => {
    const o = await order({ status: "processing" });
    const result = await markOrderDelivered(testDb.db, staff, { orderId: o.id });
    expect(result).toMatchObject({ ok: true, message: `Pesanan #${o.id.slice(0, 8)} terkirim dan ditandai Selesai.` });
    const [row] = await testDb.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
    expect(row.status).toBe("completed");
    const history = await testDb.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, o.id), eq(orderStatusHistory.toStatus, "completed")));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      fromStatus: "processing",
      changedBy: staff.id,
      note: "Terkirim (Lembar Pengiriman)",
    });
    expect(await mailsOf("completed", o.id)).toHaveLength(1);

    // Undone by mistake and done again: the customer is not told twice.
    await setOrderStatus(testDb.db, owner, { orderId: o.id, status: "processing" });
    await markOrderDelivered(testDb.db, staff, { orderId: o.id });
    expect(await mailsOf("completed", o.id)).toHaveLength(1);
    // Pressed again on a stale page: nothing new.
    expect(await markOrderDelivered(testDb.db, staff, { orderId: o.id })).toMatchObject({ ok: true });
    const completions = await testDb.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, o.id), eq(orderStatusHistory.toStatus, "completed")));
    expect(completions).toHaveLength(2);
  });

  it("refuses a cancelled order with a message, changing neither the order nor the stock", async () => {
    const o = await order();
    await setOrderStatus(testDb.db, owner, { orderId: o.id, status: "cancelled" });
    const before = await stockOf(testDb.db, productId);
    const result = await markOrderDelivered(testDb.db, staff, { orderId: o.id });
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(!result.ok && result.message).toContain("sudah dibatalkan");
    expect(await stockOf(testDb.db, productId)).toBe(before);
    const [row] = await testDb.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
    expect(row.status).toBe("cancelled");
  });

  it("answers 404 for an order that does not exist", async () => {
    expect(
      await markOrderDelivered(testDb.db, staff, { orderId: "00000000-0000-4000-8000-000000000000" }),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("is refused to anyone who is not staff", async () => {
    const o = await order();
    await expect(
      markOrderDelivered(testDb.db, { id: customer.id, role: "customer" }, { orderId: o.id }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe("'Kabari Pelanggan'", () => {
  it("mails each open order of the area once that it is on its way, and says when all were told", async () => {
    const a = await order({ deliveryAreaName: "Patrang", status: "processing" });
    const b = await order({ deliveryAreaName: "Patrang" });
    const done = await order({ deliveryAreaName: "Patrang", status: "completed" });
    const elsewhere = await order({ deliveryAreaName: "Kaliwates" });
    const outside = await order();

    const first = await announceOutForDelivery(testDb.db, staff, { date, slot: "pagi", area: "Patrang" });
    expect(first).toMatchObject({
      ok: true,
      message: "2 pelanggan di Patrang dikabari bahwa pesanannya sedang diantar.",
    });
    expect(await mailsOf("out-for-delivery", a.id)).toHaveLength(1);
    expect(await mailsOf("out-for-delivery", b.id)).toHaveLength(1);
    expect(await mailsOf("out-for-delivery", done.id)).toHaveLength(0);
    expect(await mailsOf("out-for-delivery", elsewhere.id)).toHaveLength(0);
    const [mail] = await mailsOf("out-for-delivery", a.id);
    expect(mail.subject).toBe(`Pesanan #${a.id.slice(0, 8)} sedang diantar`);
    expect(mail.toAddress).toBe(customer.email);

    const again = await announceOutForDelivery(testDb.db, staff, { date, slot: "pagi", area: "Patrang" });
    expect(again).toMatchObject({ ok: true, message: "Semua pelanggan di Patrang sudah dikabari sebelumnya." });
    expect(await mailsOf("out-for-delivery", a.id)).toHaveLength(1);

    const sheet = await loadDeliverySheet(testDb.db, staff, { date, slot: "pagi" }, "Sayur Segar");
    const told = sheet.groups.flatMap((g) => g.orders).filter((o) => o.announced);
    expect(told.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());

    expect(await announceOutForDelivery(testDb.db, staff, { date, slot: "pagi", area: "Di luar area" })).toMatchObject({
      ok: true,
    });
    expect(await mailsOf("out-for-delivery", outside.id)).toHaveLength(1);
    expect(await announceOutForDelivery(testDb.db, staff, { date, slot: "sore", area: "Patrang" })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("invoices of a slot", () => {
  it("holds every non-cancelled order of the slot with its lines, in the sheet's order", async () => {
    const a = await order({ deliveryAreaName: "Sumbersari", recipientAddress: "Jl. B" });
    const b = await order({ deliveryAreaName: "Kaliwates", recipientAddress: "Jl. A" });
    await order({ status: "cancelled" });
    await order({ deliverySlot: "sore" });
    const invoices = await loadSlotInvoices(testDb.db, staff, { date, slot: "pagi" });
    expect(invoices.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(invoices[0].items).toHaveLength(1);
    expect(invoices[0].items[0]).toMatchObject({ quantity: 2, price: 10_000, lineTotal: 20_000 });
    expect(invoices[0].grandTotal).toBe(20_000);
    expect(await loadSlotInvoices(testDb.db, staff, { date: "2030-01-01", slot: "pagi" })).toEqual([]);
  });
});

describe("slot chips", () => {
  it("count today's and tomorrow's orders per slot against the quota, cancelled ones left out", async () => {
    setClock(fixedClock(`${date}T10:00:00+07:00`));
    const saved = await saveSetting(testDb.db, owner, "deliverySlots", {
      ...DEFAULT_DELIVERY_SLOTS,
      pagi: { ...DEFAULT_DELIVERY_SLOTS.pagi, quota: 20 },
    });
    expect(saved.ok).toBe(true);
    forgetCachedSettings();
    const tomorrow = `2027-01-${String(day + 1).padStart(2, "0")}`;
    for (let i = 0; i < 3; i++) await order({ deliveryDate: tomorrow });
    await order({ deliveryDate: tomorrow, status: "cancelled" });
    await order({ deliveryDate: tomorrow, deliverySlot: "sore" });
    const chips = await loadSlotChips(testDb.db, staff);
    const besokPagi = chips.find((c) => c.name === "Besok Pagi");
    expect(besokPagi).toMatchObject({ date: tomorrow, count: 3, quota: 20, full: false });
    expect(chips.find((c) => c.name === "Besok Sore")).toMatchObject({ count: 1, quota: null });
    expect(chips.map((c) => c.name)).toEqual(["Hari Ini Pagi", "Hari Ini Sore", "Besok Pagi", "Besok Sore"]);
    // Leaves the fresh shop's rules for the other tests.
    await saveSetting(testDb.db, owner, "deliverySlots", DEFAULT_DELIVERY_SLOTS);
    forgetCachedSettings();
  });
});
