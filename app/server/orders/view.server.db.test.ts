// One read of one order for its page: its customer or staff, nobody else; the amount due and
// the bill from the same read the page shows.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { createOrder, createProduct, createUser, type TestUser } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { setDeliveryFee } from "./fee.server";
import { editOrder } from "./edits.server";
import { loadOrderView } from "./view.server";

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

async function newOrder() {
  const product = await createProduct(testDb.db, { price: 5000, discount: 0, stock: 10 });
  return createOrder(testDb.db, { userId: customer.id, items: [{ productId: product.id, quantity: 2 }] });
}

describe("loadOrderView", () => {
  it("shows an order to its customer and to staff, and to nobody else", async () => {
    const order = await newOrder();
    const own = await loadOrderView(testDb.db, { as: "customer", id: customer.id }, order.id);
    expect(own?.order.id).toBe(order.id);
    expect(own?.items).toHaveLength(1);
    const staff = await loadOrderView(testDb.db, { as: "staff", actor: admin }, order.id);
    expect(staff?.order.accountName).toBe("Siti Aminah");

    const stranger = await createUser(testDb.db, { name: "Orang Lain" });
    expect(await loadOrderView(testDb.db, { as: "customer", id: stranger.id }, order.id)).toBeNull();
    expect(await loadOrderView(testDb.db, { as: "customer", id: customer.id }, "bukan-id")).toBeNull();
    const refused = await loadOrderView(
      testDb.db,
      { as: "staff", actor: { id: stranger.id, role: "customer" } },
      order.id,
    ).catch((error: unknown) => error);
    expect(refused instanceof Response ? refused.status : refused).toBe(403);
  });

  it("gives the amount due and the final bill from the one read, without staff names for the customer", async () => {
    const order = await newOrder();
    const before = await loadOrderView(testDb.db, { as: "customer", id: customer.id }, order.id);
    expect(before?.bill).toBeNull();
    expect(before?.payment).toMatchObject({ amountDue: 10_000, billFinal: false });

    await setDeliveryFee(testDb.db, admin, { orderId: order.id, deliveryFee: 5000, version: 1 });
    expect((await editOrder(testDb.db, admin, order.id, { intent: "finalize", version: 2 })).ok).toBe(true);
    await testDb.db.update(orders).set({ balanceApplied: 2000 }).where(eq(orders.id, order.id));

    const view = await loadOrderView(testDb.db, { as: "customer", id: customer.id }, order.id);
    expect(view?.payment).toMatchObject({ amountDue: 13_000, billFinal: true, balanceApplied: 2000 });
    expect(view?.bill).toMatchObject({ amountDue: 13_000, balanceApplied: 2000 });
    expect(view?.bill?.changes.map((c) => c.kind)).toEqual(["fee", "final"]);
    expect(view?.changes[0]).not.toHaveProperty("changedByName");

    const staff = await loadOrderView(testDb.db, { as: "staff", actor: admin }, order.id);
    expect(staff?.changes[0]).toMatchObject({ kind: "fee", changedByName: "Dewi Staf" });
    expect(staff?.order.version).toBe(3);
  });
});
