// 'Tambah ke Pesanan #xxxx' from a product page, through its routes: the personal endpoint names
// the shopper's open order (nothing for a visitor), the add posts to the order's page and joins
// the product to that order, and after the slot's cut-off the endpoint names none and the post
// is refused with the cut-off message, nothing changed.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orderItems } from "~/db/schema";
import { shortOrderId } from "~/lib/orders";
import * as openOrderRoute from "~/routes/api.open-order";
import * as orderRoute from "~/routes/orders.$id";
import { fixedClock, resetClock, setClock } from "~/server/clock.server";
import { ADD_CUTOFF_MESSAGE } from "~/server/orders/additions.server";
import { createOrder, createProduct, createUser, signIn } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let cookie: string;
let orderId: string;
let productId: string;

// Tuesday 1 December 2026, pagi: orders close Monday 30 November 21:00 Jakarta (14:00 UTC).
const BEFORE_CUTOFF = "2026-11-30T13:00:00Z";
const AFTER_CUTOFF = "2026-11-30T14:01:00Z";

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  const user = await createUser(testDb.db);
  cookie = await signIn(testDb.db, user);
  const bayam = await createProduct(testDb.db, { name: "Bayam Rute", price: 4000, stock: 20 });
  productId = (await createProduct(testDb.db, { name: "Tomat Rute", price: 6000, stock: 20 })).id;
  orderId = (
    await createOrder(testDb.db, {
      userId: user.id,
      items: [{ productId: bayam.id, quantity: 1 }],
      deliveryDate: "2026-12-01",
      deliverySlot: "pagi",
      deliveryFee: 5000,
    })
  ).id;
});

afterEach(() => resetClock());

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

const post = (quantity: number) =>
  callAction(
    orderRoute.action,
    `/orders/${orderId}`,
    form({ intent: "add", lines: JSON.stringify([{ productId, quantity }]) }),
    { cookie, params: { id: orderId } },
  );
const tomatoLine = async () =>
  (await testDb.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).find(
    (l) => l.productId === productId,
  );

describe("'Tambah ke Pesanan' from a product page", () => {
  it("names the open order to a signed-in shopper only, privately, and adds the chosen amount to it", async () => {
    setClock(fixedClock(BEFORE_CUTOFF));
    const visitor = await callLoader(openOrderRoute.loader, "/api/open-order");
    expect(JSON.parse(visitor.data as string)).toEqual({ order: null });
    const mine = await callLoader(openOrderRoute.loader, "/api/open-order", { cookie });
    expect(mine.response?.headers.get("cache-control")).toBe("private, no-store");
    expect(JSON.parse(mine.data as string)).toEqual({ order: { id: orderId, shortId: shortOrderId(orderId) } });

    const added = await post(3);
    // A plain form post comes back to the order page, which shows the change.
    expect(added.response?.headers.get("location")).toBe(`/orders/${orderId}`);
    expect((await tomatoLine())?.quantity).toBe(3);
  });

  it("after the cut-off names no order and refuses the add, changing nothing", async () => {
    setClock(fixedClock(AFTER_CUTOFF));
    const none = await callLoader(openOrderRoute.loader, "/api/open-order", { cookie });
    expect(JSON.parse(none.data as string)).toEqual({ order: null });
    const refused = await post(2);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, message: ADD_CUTOFF_MESSAGE });
    expect((await tomatoLine())?.quantity).toBe(3);
  });
});
