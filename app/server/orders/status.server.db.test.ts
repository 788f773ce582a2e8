// The one status machine every actor goes through: staff, the customer's own cancel and the
// delivery sheet. What a status change allows and refuses, what it does to the stock, and the
// history row it leaves.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusHistory, products, stockAdjustments } from "~/db/schema";
import { createOrder, createProduct, createUser, setStock, type TestUser } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { changeOrderStatus, setOrderStatus } from "./status.server";

let testDb: TestDatabase;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  admin = await createUser(testDb.db, { role: "admin", name: "Dewi Staf" });
  customer = await createUser(testDb.db, { name: "Siti Aminah" });
});

afterAll(async () => {
  await testDb?.destroy();
});

async function stockOf(id: string) {
  const [row] = await testDb.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row.stock;
}

async function statusOf(id: string) {
  const [row] = await testDb.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row.status;
}

async function historyOf(id: string) {
  return testDb.db
    .select({
      fromStatus: orderStatusHistory.fromStatus,
      toStatus: orderStatusHistory.toStatus,
      changedBy: orderStatusHistory.changedBy,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(desc(orderStatusHistory.createdAt), desc(orderStatusHistory.id));
}

async function orderOf(quantity: number, stock = 10) {
  const product = await createProduct(testDb.db, { stock });
  const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: product.id, quantity }] });
  return { product, order, short: order.id.slice(0, 8) };
}

describe("changeOrderStatus", () => {
  it("moves the order on and writes one history row naming who changed it", async () => {
    const { order, short } = await orderOf(2);
    const result = await setOrderStatus(testDb.db, admin, { orderId: order.id, status: "processing" });
    expect(result).toEqual({ ok: true, message: `Status pesanan #${short} diubah menjadi Diproses.` });
    expect(await statusOf(order.id)).toBe("processing");
    expect((await historyOf(order.id))[0]).toEqual({
      fromStatus: "pending",
      toStatus: "processing",
      changedBy: admin.id,
      note: "",
    });
  });

  it("returns the stock on cancel through the ledger, and takes it again on un-cancel", async () => {
    const { product, order } = await orderOf(3, 10);
    expect(await stockOf(product.id)).toBe(7);
    expect((await setOrderStatus(testDb.db, admin, { orderId: order.id, status: "cancelled" })).ok).toBe(true);
    expect(await stockOf(product.id)).toBe(10);
    const moves = await testDb.db
      .select({ delta: stockAdjustments.delta, reason: stockAdjustments.reason, changedBy: stockAdjustments.changedBy })
      .from(stockAdjustments)
      .where(and(eq(stockAdjustments.orderId, order.id), eq(stockAdjustments.reason, "cancel")));
    expect(moves).toEqual([{ delta: 3, reason: "cancel", changedBy: admin.id }]);

    expect((await setOrderStatus(testDb.db, admin, { orderId: order.id, status: "pending" })).ok).toBe(true);
    expect(await stockOf(product.id)).toBe(7);
    expect((await historyOf(order.id)).map((h) => `${h.fromStatus}>${h.toStatus}`)).toEqual([
      "cancelled>pending",
      "pending>cancelled",
      "null>pending",
    ]);
  });

  it("refuses an un-cancel the stock cannot cover, changing nothing", async () => {
    const { product, order, short } = await orderOf(4, 10);
    await setOrderStatus(testDb.db, admin, { orderId: order.id, status: "cancelled" });
    await setStock(testDb.db, product.id, 1);
    const result = await setOrderStatus(testDb.db, admin, { orderId: order.id, status: "processing" });
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(result.message).toContain(`Pesanan #${short} tidak dapat diaktifkan kembali karena stok tidak cukup`);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await stockOf(product.id)).toBe(1);
    expect(await historyOf(order.id)).toHaveLength(2);
  });

  it("refuses a change from a status it was not asked to start from, changing nothing", async () => {
    const { product, order } = await orderOf(1);
    await setOrderStatus(testDb.db, admin, { orderId: order.id, status: "processing" });
    const result = await changeOrderStatus(testDb.db, {
      orderId: order.id,
      status: "cancelled",
      changedBy: customer.id,
      ownerId: customer.id,
      onlyFrom: "pending",
      refusal: "Sudah diproses.",
    });
    expect(result).toMatchObject({ ok: false, status: 409, message: "Sudah diproses." });
    expect(await statusOf(order.id)).toBe("processing");
    expect(await stockOf(product.id)).toBe(9);
    expect(await historyOf(order.id)).toHaveLength(2);
  });

  it("finds no order of another customer, and says a repeated status is already set", async () => {
    const { order, short } = await orderOf(1);
    const stranger = await createUser(testDb.db, { name: "Orang Lain" });
    const foreign = await changeOrderStatus(testDb.db, {
      orderId: order.id,
      status: "cancelled",
      changedBy: stranger.id,
      ownerId: stranger.id,
    });
    expect(foreign).toMatchObject({ ok: false, status: 404, message: "Pesanan tidak ditemukan." });
    expect(await setOrderStatus(testDb.db, admin, { orderId: order.id, status: "pending" })).toEqual({
      ok: true,
      message: `Status pesanan #${short} sudah Menunggu.`,
    });
    expect(await historyOf(order.id)).toHaveLength(1);
  });

  it("refuses anyone but staff with 403 through setOrderStatus", async () => {
    const { order } = await orderOf(1);
    const refusal = await setOrderStatus(
      testDb.db,
      { id: customer.id, role: "customer" },
      {
        orderId: order.id,
        status: "cancelled",
      },
    ).catch((error: unknown) => error);
    expect(refusal instanceof Response ? refusal.status : refusal).toBe(403);
    expect(await statusOf(order.id)).toBe("pending");
  });
});
