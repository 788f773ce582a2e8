import { shortOrderId } from "~/lib/orders";
// 'Tambah ke Pesanan' on the database: lines join the shopper's open order with one fee and the
// stock taken through the ledger, the change log says who added what; after the cut-off, on a
// final bill or on someone else's order nothing changes.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderChanges, orderItems, orders } from "~/db/schema";
import { createOrder, createProduct, createUser } from "../../../tests/support/factories";
import { stockOf } from "../../../tests/support/db-reads";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { addToOrderByCustomer, ADD_CUTOFF_MESSAGE } from "./additions.server";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await testDb?.destroy();
});

// Tuesday 1 December 2026, pagi: orders close Monday 30 November 21:00 Jakarta (14:00 UTC).
const TUESDAY = "2026-12-01";
const BEFORE_CUTOFF = new Date("2026-11-30T13:00:00Z");
const AFTER_CUTOFF = new Date("2026-11-30T14:01:00Z");

async function openOrder() {
  const user = await createUser(testDb.db);
  const bayam = await createProduct(testDb.db, { name: "Bayam Awal", price: 4000, stock: 20 });
  const order = await createOrder(testDb.db, {
    userId: user.id,
    items: [{ productId: bayam.id, quantity: 2 }],
    deliveryDate: TUESDAY,
    deliverySlot: "pagi",
    deliveryFee: 5000,
  });
  return { user, bayam, order };
}

describe("adding to an open order", () => {
  it("joins the lines to the same order with one fee, takes the stock and logs 'Ditambah oleh pelanggan'", async () => {
    const { user, bayam, order } = await openOrder();
    const telur = await createProduct(testDb.db, { name: "Telur Tambahan", price: 2500, stock: 30 });
    const result = await addToOrderByCustomer(
      testDb.db,
      user.id,
      order.id,
      [
        { productId: telur.id, quantity: 4 },
        { productId: bayam.id, quantity: 1 },
      ],
      BEFORE_CUTOFF,
    );
    expect(result).toMatchObject({ ok: true });
    const [after] = await testDb.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after.totalAmount).toBe(3 * 4000 + 4 * 2500);
    expect(after.deliveryFee).toBe(5000);
    expect(after.version).toBe(2);
    const lines = await testDb.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((l) => [l.productName, l.quantity]).sort()).toEqual([
      ["Bayam Awal", 3],
      ["Telur Tambahan", 4],
    ]);
    expect(await stockOf(testDb.db, telur.id)).toBe(26);
    expect(await stockOf(testDb.db, bayam.id)).toBe(17);
    const [change] = await testDb.db.select().from(orderChanges).where(eq(orderChanges.orderId, order.id));
    expect(change.description).toMatch(/^Ditambah oleh pelanggan: /);
    expect(change.changedBy).toBe(user.id);
    // Only one order for this shopper: nothing became a second order.
    expect(await testDb.db.$count(orders, eq(orders.userId, user.id))).toBe(1);
    // The shop's chat hears of it: a ready message naming the order, what joined and the new total.
    if (!result.ok) return;
    const chat = new URL(result.chatUrl!);
    expect(chat.hostname).toBe("wa.me");
    const text = chat.searchParams.get("text")!;
    expect(text).toContain(`menambah pesanan #${shortOrderId(order.id)}`);
    expect(text).toContain("- Telur Tambahan 4");
    expect(text).toContain("Total belanja sekarang: Rp 22.000");
  });

  it("refuses after the cut-off, on another's order and past the stock, changing nothing", async () => {
    const { user, bayam, order } = await openOrder();
    const stranger = await createUser(testDb.db);
    const late = await addToOrderByCustomer(
      testDb.db,
      user.id,
      order.id,
      [{ productId: bayam.id, quantity: 1 }],
      AFTER_CUTOFF,
    );
    expect(late).toMatchObject({ ok: false, status: 409, message: ADD_CUTOFF_MESSAGE });
    const theirs = await addToOrderByCustomer(
      testDb.db,
      stranger.id,
      order.id,
      [{ productId: bayam.id, quantity: 1 }],
      BEFORE_CUTOFF,
    );
    expect(theirs).toMatchObject({ ok: false, status: 404 });
    const tooMany = await addToOrderByCustomer(
      testDb.db,
      user.id,
      order.id,
      [{ productId: bayam.id, quantity: 50 }],
      BEFORE_CUTOFF,
    );
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.message).toMatch(/Stok Bayam Awal tidak cukup/);
    const [after] = await testDb.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after.totalAmount).toBe(8000);
    expect(await stockOf(testDb.db, bayam.id)).toBe(18);
  });

  it("refuses once the bill is final", async () => {
    const { user, bayam, order } = await openOrder();
    await testDb.db.update(orders).set({ billFinalAt: new Date() }).where(eq(orders.id, order.id));
    const result = await addToOrderByCustomer(
      testDb.db,
      user.id,
      order.id,
      [{ productId: bayam.id, quantity: 1 }],
      BEFORE_CUTOFF,
    );
    expect(result).toMatchObject({ ok: false, status: 409 });
  });
});
