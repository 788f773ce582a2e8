// The one writer of an order's 'Riwayat Perubahan' and its version: a change of the bill moves
// the version (a page drawn before it is refused), a payment line does not.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderChanges, orders } from "~/db/schema";
import { createOrder, createProduct, createUser, type TestUser } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { listOrderChanges, recordOrderChange } from "./changes.server";
import { lockOrder } from "./columns.server";

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

async function rowOf(id: string) {
  const [row] = await testDb.db
    .select({ version: orders.version, deliveryFee: orders.deliveryFee, totalAmount: orders.totalAmount })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

async function newOrder() {
  const product = await createProduct(testDb.db, { price: 5000, discount: 0, stock: 10 });
  return createOrder(testDb.db, { userId: customer.id, items: [{ productId: product.id, quantity: 2 }] });
}

describe("recordOrderChange", () => {
  it("writes a change of the bill with its columns, one version up and one log row", async () => {
    const order = await newOrder();
    expect(await rowOf(order.id)).toEqual({ version: 1, deliveryFee: null, totalAmount: 10_000 });
    await testDb.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (!locked) throw new Error("no order");
      await recordOrderChange(tx, locked, {
        kind: "fee",
        description: "Ongkir: belum ditentukan → Rp 5.000",
        changedBy: admin.id,
        set: { deliveryFee: 5000, deliveryFeeSource: "staff" },
      });
    });
    expect(await rowOf(order.id)).toEqual({ version: 2, deliveryFee: 5000, totalAmount: 10_000 });
    const changes = await listOrderChanges(testDb.db, order.id);
    expect(changes).toMatchObject([
      {
        kind: "fee",
        description: "Ongkir: belum ditentukan → Rp 5.000",
        totalBefore: 10_000,
        totalAfter: 10_000,
        changedByName: "Dewi Staf",
      },
    ]);
  });

  it("records the item total before and after an edit of the lines", async () => {
    const order = await newOrder();
    await testDb.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (!locked) throw new Error("no order");
      await recordOrderChange(tx, locked, {
        kind: "unavailable",
        description: "Tomat tidak tersedia",
        changedBy: admin.id,
        totalAfter: 5000,
        set: { totalAmount: 5000 },
      });
    });
    expect(await rowOf(order.id)).toMatchObject({ version: 2, totalAmount: 5000 });
    const [row] = await testDb.db.select().from(orderChanges).where(eq(orderChanges.orderId, order.id));
    expect(row).toMatchObject({ kind: "unavailable", totalBefore: 10_000, totalAfter: 5000, changedBy: admin.id });
  });

  it("logs a payment line without moving the version, so an open staff page stays current", async () => {
    const order = await newOrder();
    await testDb.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (!locked) throw new Error("no order");
      await recordOrderChange(tx, locked, {
        kind: "payment",
        description: "Tandai Lunas: diterima Rp 10.000",
        changedBy: admin.id,
      });
      await recordOrderChange(tx, locked, {
        kind: "balance",
        description: "Lebih bayar Rp 0 masuk Saldo",
        changedBy: null,
      });
    });
    expect((await rowOf(order.id)).version).toBe(1);
    const kinds = await testDb.db
      .select({ kind: orderChanges.kind, before: orderChanges.totalBefore, after: orderChanges.totalAfter })
      .from(orderChanges)
      .where(eq(orderChanges.orderId, order.id))
      .orderBy(asc(orderChanges.createdAt), asc(orderChanges.id));
    // Both lines carry the transaction's time, so their order between themselves is not defined.
    expect(kinds).toHaveLength(2);
    expect(kinds).toEqual(
      expect.arrayContaining([
        { kind: "payment", before: 10_000, after: 10_000 },
        { kind: "balance", before: 10_000, after: 10_000 },
      ]),
    );
  });
});
