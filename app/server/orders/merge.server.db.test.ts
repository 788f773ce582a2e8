// 'Gabungkan': staff fold a customer's second open order for the same delivery into the first.
// The lines add up on one order with one fee, the stock stays as it was, the payment moves, the
// merged order is cancelled with 'Digabung ke #xxxx' for its customer, and what does not belong
// together (another address, slot or customer, a final bill, a stale page) is refused unchanged.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderChanges, orderItems, orders } from "~/db/schema";
import { shortOrderId } from "~/lib/orders";
import { createOrder, createProduct, createUser, type TestUser } from "../../../tests/support/factories";
import { stockOf } from "../../../tests/support/db-reads";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { mergeOrder, mergeTargetsOf } from "./merge.server";
import { getOrderForCustomer } from "./view.server";

let testDb: TestDatabase;
let staff: TestUser;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  staff = await createUser(testDb.db, { role: "staff", name: "Dewi Staf" });
});

afterAll(async () => {
  await testDb?.destroy();
});

const DATE = "2026-12-01";

async function twoOrders(
  second: { deliverySlot?: "pagi" | "sore"; recipientAddress?: string; otherCustomer?: boolean } = {},
) {
  const user = await createUser(testDb.db);
  const bayam = await createProduct(testDb.db, { name: "Bayam Gabung", price: 4000, stock: 20 });
  const telur = await createProduct(testDb.db, { name: "Telur Gabung", price: 2500, stock: 30 });
  const first = await createOrder(testDb.db, {
    userId: user.id,
    items: [{ productId: bayam.id, quantity: 2 }],
    deliveryDate: DATE,
    deliveryFee: 5000,
  });
  const other = second.otherCustomer ? await createUser(testDb.db) : user;
  const later = await createOrder(testDb.db, {
    userId: other.id,
    items: [
      { productId: bayam.id, quantity: 1 },
      { productId: telur.id, quantity: 4 },
    ],
    deliveryDate: DATE,
    deliverySlot: second.deliverySlot,
    recipientAddress: second.recipientAddress,
    deliveryFee: 5000,
  });
  return { user, bayam, telur, first, later };
}

async function orderRow(id: string) {
  const [row] = await testDb.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe("merging two orders of one delivery", () => {
  it("adds the lines up on the target with its one fee, leaves the stock and tells the customer 'Digabung ke #'", async () => {
    const { user, bayam, telur, first, later } = await twoOrders();
    const stockBefore = [await stockOf(testDb.db, bayam.id), await stockOf(testDb.db, telur.id)];
    expect(await mergeTargetsOf(testDb.db, { ...(await orderRow(later.id)) })).toEqual([{ id: first.id, version: 1 }]);

    const result = await mergeOrder(testDb.db, staff, later.id, { version: 1, targetId: first.id, targetVersion: 1 });
    expect(result).toMatchObject({
      ok: true,
      message: `Pesanan #${shortOrderId(later.id)} digabung ke #${shortOrderId(first.id)}. Ongkir tetap sekali.`,
    });

    const target = await orderRow(first.id);
    expect(target.totalAmount).toBe(3 * 4000 + 4 * 2500);
    expect(target.deliveryFee).toBe(5000);
    expect(target.version).toBe(2);
    const lines = await testDb.db.select().from(orderItems).where(eq(orderItems.orderId, first.id));
    expect(lines.map((l) => [l.productName, l.quantity]).sort()).toEqual([
      ["Bayam Gabung", 3],
      ["Telur Gabung", 4],
    ]);
    expect(await testDb.db.select().from(orderItems).where(eq(orderItems.orderId, later.id))).toEqual([]);
    expect([await stockOf(testDb.db, bayam.id), await stockOf(testDb.db, telur.id)]).toEqual(stockBefore);

    const merged = await orderRow(later.id);
    expect(merged.status).toBe("cancelled");
    expect(merged.deliveryFee).toBe(0);
    const seen = await getOrderForCustomer(testDb.db, user.id, later.id);
    expect(seen?.cancellation?.reason).toBe(`Digabung ke #${shortOrderId(first.id)}`);

    const logOf = async (id: string) =>
      (await testDb.db.select().from(orderChanges).where(eq(orderChanges.orderId, id))).map((c) => c.description);
    expect(await logOf(first.id)).toEqual([expect.stringContaining(`Digabung dari #${shortOrderId(later.id)}`)]);
    expect(await logOf(later.id)).toEqual([expect.stringContaining(`Digabung ke #${shortOrderId(first.id)}`)]);
  });

  it("moves the merged order's payment proof to the target, and refuses when both carry a payment", async () => {
    const { first, later } = await twoOrders();
    await testDb.db
      .update(orders)
      .set({
        paymentMethod: "transfer",
        paymentStatus: "pending",
        paymentProofKey: "proofs/x.jpg",
        paymentProofAt: new Date(),
      })
      .where(eq(orders.id, later.id));
    expect(
      await mergeOrder(testDb.db, staff, later.id, { version: 1, targetId: first.id, targetVersion: 1 }),
    ).toMatchObject({ ok: true });
    expect(await orderRow(first.id)).toMatchObject({ paymentStatus: "pending", paymentProofKey: "proofs/x.jpg" });
    expect(await orderRow(later.id)).toMatchObject({ paymentStatus: "unpaid", paymentProofKey: null });

    const both = await twoOrders();
    for (const id of [both.first.id, both.later.id])
      await testDb.db.update(orders).set({ paymentStatus: "paid", paidAmount: 1000 }).where(eq(orders.id, id));
    expect(
      await mergeOrder(testDb.db, staff, both.later.id, { version: 1, targetId: both.first.id, targetVersion: 1 }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("Kedua pesanan sudah punya pembayaran") });
  });

  it.each([
    ["another slot", { deliverySlot: "sore" as const }, "Tanggal dan jam antar kedua pesanan berbeda"],
    ["another address", { recipientAddress: "Jl. Jawa No. 5, Jember" }, "Alamat antar kedua pesanan berbeda"],
    ["another customer", { otherCustomer: true }, "pelanggan yang sama"],
  ])("refuses %s and changes nothing", async (_name, second, message) => {
    const { first, later } = await twoOrders(second);
    expect(await mergeTargetsOf(testDb.db, await orderRow(later.id))).toEqual([]);
    const result = await mergeOrder(testDb.db, staff, later.id, { version: 1, targetId: first.id, targetVersion: 1 });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining(message) });
    expect((await orderRow(later.id)).status).toBe("pending");
    expect((await orderRow(first.id)).totalAmount).toBe(2 * 4000);
  });

  it("refuses once a bill is final, and from a stale page", async () => {
    const { first, later } = await twoOrders();
    await testDb.db.update(orders).set({ billFinalAt: new Date() }).where(eq(orders.id, first.id));
    expect(await mergeTargetsOf(testDb.db, await orderRow(later.id))).toEqual([]);
    expect(
      await mergeOrder(testDb.db, staff, later.id, { version: 1, targetId: first.id, targetVersion: 1 }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("sudah final") });

    const fresh = await twoOrders();
    await testDb.db.update(orders).set({ version: 2 }).where(eq(orders.id, fresh.first.id));
    expect(
      await mergeOrder(testDb.db, staff, fresh.later.id, { version: 1, targetId: fresh.first.id, targetVersion: 1 }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/Pesanan sudah diubah.*Muat ulang/) });
    expect((await orderRow(fresh.later.id)).status).toBe("pending");
  });
});
