// A customer cancelling their own order before the shop processes it: the stock comes back,
// the history names the customer, the customer is mailed; after 'Diproses' it is refused.
// And ordering a past order again at today's prices and stock.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusHistory, products, stockAdjustments, users } from "~/db/schema";
import { parseCheckout } from "~/lib/checkout";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { outboxMails } from "../../../tests/support/outbox";
import { nextDelivery, setStock } from "../../../tests/support/factories";
import { getOrderForAdmin } from "./view.server";
import { setOrderStatus } from "./status.server";
import { FAILURE_TITLE } from "~/lib/form";
import { cancelOrderByCustomer, planReorderForCustomer } from "./customer.server";
import { getOrderForCustomer } from "./view.server";
import { placeOrder } from "./placing.server";
import { stockOf } from "../../../tests/support/db-reads";

let testDb: TestDatabase;
const admin = { id: randomUUID(), role: "admin" as const };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  await testDb.db
    .insert(users)
    .values({ id: admin.id, name: "Bu Admin", email: `${admin.id}@contoh.id`, role: "admin" });
});

afterAll(async () => {
  await testDb?.destroy();
});

async function placed(stock = 10, quantity = 3) {
  const userId = randomUUID();
  await testDb.db.insert(users).values({ id: userId, name: "Siti Aminah", email: `${userId}@contoh.id` });
  const [product] = await testDb.db
    .insert(products)
    .values({ name: "Tomat", slug: `tomat-${randomBytes(3).toString("hex")}`, price: 5000, stock })
    .returning();
  const input = parseCheckout({
    lines: [{ productId: product.id, quantity }],
    name: "Siti Aminah",
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Jember",
    // The earliest delivery still open now: a fixed "tomorrow morning" is closed after its
    // 21:00 cut-off, and the suite must pass at any hour.
    ...nextDelivery(),
    idempotencyKey: randomBytes(12).toString("hex"),
  });
  if (!input.success) throw new Error("bad fixture");
  const result = await placeOrder(testDb.db, { id: userId }, input.data);
  if (!result.ok) throw new Error(result.message);
  return { userId, productId: product.id, orderId: result.order.id };
}

describe("cancelOrderByCustomer", () => {
  it("cancels a waiting order: stock back, history names the customer with the reason, a mail queued", async () => {
    const { userId, productId, orderId } = await placed(10, 3);
    expect(await stockOf(testDb.db, productId)).toBe(7);
    const result = await cancelOrderByCustomer(testDb.db, userId, orderId, { reason: "  Salah pilih jadwal  " });
    expect(result).toEqual({ ok: true, message: `Pesanan #${orderId.slice(0, 8)} telah dibatalkan.` });
    expect(await stockOf(testDb.db, productId)).toBe(10);
    const [order] = await testDb.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order.status).toBe("cancelled");
    const adjustments = await testDb.db
      .select()
      .from(stockAdjustments)
      .where(and(eq(stockAdjustments.orderId, orderId), eq(stockAdjustments.reason, "cancel")));
    expect(adjustments).toMatchObject([{ delta: 3, stockAfter: 10, changedBy: userId }]);

    const detail = await getOrderForAdmin(testDb.db, admin, orderId, "Sayur Jember");
    expect(detail?.history[0]).toMatchObject({
      fromStatus: "pending",
      toStatus: "cancelled",
      changedByName: "Siti Aminah",
      changedByRole: "customer",
      note: "Dibatalkan oleh pelanggan: Salah pilih jadwal",
    });
    const own = await getOrderForCustomer(testDb.db, userId, orderId);
    expect(own?.cancellation).toMatchObject({ byCustomer: true });

    const mails = (await outboxMails(testDb.db, { to: `${userId}@contoh.id` })).map((m) => ({
      subject: m.subject,
      text: m.textBody,
    }));
    const cancelled = mails.find((m) => m.subject.endsWith("dibatalkan"));
    expect(cancelled?.text).toContain("Alasan: Salah pilih jadwal");
  });

  it("refuses once staff set the order to 'Diproses', and changes nothing", async () => {
    const { userId, productId, orderId } = await placed(10, 2);
    expect((await setOrderStatus(testDb.db, admin, { orderId, status: "processing" })).ok).toBe(true);
    const result = await cancelOrderByCustomer(testDb.db, userId, orderId, {});
    expect(result).toEqual({
      ok: false,
      status: 409,
      title: FAILURE_TITLE,
      message: `Pesanan #${orderId.slice(0, 8)} sudah diproses sehingga tidak dapat dibatalkan lagi. Hubungi kami lewat WhatsApp bila ada perubahan.`,
      fieldErrors: {},
      values: {},
    });
    expect(await stockOf(testDb.db, productId)).toBe(8);
    const history = await testDb.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => h.toStatus).sort()).toEqual(["pending", "processing"]);
  });

  it("never touches another customer's order and refuses an over-long reason", async () => {
    const { productId, orderId, userId } = await placed(5, 1);
    const stranger = randomUUID();
    expect(await cancelOrderByCustomer(testDb.db, stranger, orderId, {})).toMatchObject({ ok: false, status: 404 });
    expect(await cancelOrderByCustomer(testDb.db, userId, "bukan-uuid", {})).toMatchObject({ ok: false, status: 404 });
    expect(await cancelOrderByCustomer(testDb.db, userId, orderId, { reason: "x".repeat(301) })).toMatchObject({
      ok: false,
      status: 400,
      message: "Alasan maksimal 300 karakter.",
    });
    expect(await stockOf(testDb.db, productId)).toBe(4);
  });

  it("two cancels at once return the stock once", async () => {
    const { userId, productId, orderId } = await placed(10, 4);
    const results = await Promise.all([
      cancelOrderByCustomer(testDb.db, userId, orderId, {}),
      cancelOrderByCustomer(testDb.db, userId, orderId, {}),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await stockOf(testDb.db, productId)).toBe(10);
  });
});

describe("planReorderForCustomer", () => {
  it("gives the owner the lines at today's price and stock, and nobody else anything", async () => {
    const { userId, productId, orderId } = await placed(10, 3);
    await testDb.db.update(products).set({ price: 6000 }).where(eq(products.id, productId));
    await setStock(testDb.db, productId, 2);
    const plan = await planReorderForCustomer(testDb.db, userId, orderId);
    expect(plan?.lines).toMatchObject([{ product: { id: productId, price: 6000, stock: 2 }, quantity: 2 }]);
    expect(plan?.problems).toMatchObject([{ kind: "short", message: "Stok tinggal 2: 2 dari 3 ditambahkan." }]);
    expect(await planReorderForCustomer(testDb.db, randomUUID(), orderId)).toBeNull();
    await testDb.db.update(products).set({ isActive: false }).where(eq(products.id, productId));
    expect((await planReorderForCustomer(testDb.db, userId, orderId))?.problems).toMatchObject([
      { kind: "unavailable", message: "Sudah tidak dijual." },
    ]);
  });
});
