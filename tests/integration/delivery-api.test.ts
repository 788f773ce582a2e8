// GET /api/delivery as the server answers it: the next-delivery promise and the minimum order
// at the shop's clock (the cached catalog pages fill them in from here), never kept by any
// cache, since the promise changes at each cut-off.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import * as deliveryRoute from "~/routes/api.delivery";
import { fixedClock, resetClock, setClock } from "~/server/clock.server";
import { httpCacheMiddleware } from "~/server/http-cache.server";
import { DEFAULT_DELIVERY_SLOTS } from "~/lib/delivery-settings";
import { createOrder, createUser, saveSetting, signIn, type TestUser } from "../support/factories";
import { buildRequest, callLoader, contextFor, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let owner: TestUser;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  owner = await createUser(testDb.db, { role: "admin", name: "Ratna Pemilik" });
});

afterEach(() => resetClock());

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

async function delivery(cookie?: string) {
  const result = await callLoader(deliveryRoute.loader, "/api/delivery", { cookie });
  expect(result.status).toBe(200);
  return JSON.parse(result.data as string) as { promise: string | null; minimumOrder: number };
}

/** One request through the route's own middleware and the root cache middleware, as the server runs it. */
async function served(cookie?: string): Promise<Response> {
  const request = buildRequest("/api/delivery", { cookie });
  const context = contextFor(request);
  const args = { request, context, params: {}, unstable_pattern: "/api/delivery" } as never;
  const [routeMiddleware] = deliveryRoute.middleware;
  return httpCacheMiddleware(request, context, () =>
    (routeMiddleware as (a: never, next: () => Promise<Response>) => Promise<Response>)(args, () =>
      deliveryRoute.loader(args),
    ),
  );
}

describe("/api/delivery", () => {
  it("promises the delivery the rules allow at the shop's clock, on either side of the cut-off", async () => {
    setClock(fixedClock("2026-11-25T20:59:59+07:00"));
    expect(await delivery()).toEqual({
      promise: "Pesan sebelum 21:00, diantar Besok Pagi 05:00-07:00",
      minimumOrder: 0,
    });
    // From 21:00:00 tomorrow is closed: the next promise is the day after, until tomorrow 21:00.
    setClock(fixedClock("2026-11-25T21:00:00+07:00"));
    expect((await delivery()).promise).toBe("Pesan sebelum besok 21:00, diantar Lusa Pagi 05:00-07:00");
    // Across the year end the same rules hold.
    setClock(fixedClock("2026-12-31T22:15:00+07:00"));
    expect((await delivery()).promise).toBe("Pesan sebelum besok 21:00, diantar Lusa Pagi 05:00-07:00");
  });

  it("moves the promise past a full slot and reports the minimum staff set", async () => {
    setClock(fixedClock("2026-11-25T10:00:00+07:00"));
    const quota = await saveSetting(testDb.db, owner, "deliverySlots", {
      ...DEFAULT_DELIVERY_SLOTS,
      pagi: { ...DEFAULT_DELIVERY_SLOTS.pagi, quota: 1 },
    });
    expect(quota.ok).toBe(true);
    const minimum = await saveSetting(testDb.db, owner, "minimumOrder", 50_000);
    expect(minimum.ok).toBe(true);
    expect(await delivery()).toEqual({
      promise: "Pesan sebelum 21:00, diantar Besok Pagi 05:00-07:00",
      minimumOrder: 50_000,
    });

    const [product] = await testDb.db
      .insert(products)
      .values({ name: "Kangkung", slug: "kangkung-api", price: 3000, unit: "per ikat", stock: 10 })
      .returning();
    const customer = await createUser(testDb.db);
    await createOrder(testDb.db, {
      userId: customer.id,
      items: [{ productId: product.id, quantity: 1 }],
      deliveryDate: "2026-11-26",
      deliverySlot: "pagi",
    });
    expect(await delivery()).toEqual({
      promise: "Pesan sebelum 21:00, diantar Besok Sore 16:00-18:00",
      minimumOrder: 50_000,
    });
  });

  it("is private and never stored, for visitors and signed-in shoppers alike", async () => {
    setClock(fixedClock("2026-11-25T10:00:00+07:00"));
    const direct = await callLoader(deliveryRoute.loader, "/api/delivery");
    expect(direct.response?.headers.get("cache-control")).toContain("no-store");
    expect(direct.response?.headers.get("content-type")).toContain("application/json");

    const expected = await delivery();
    expect(expected.promise).toMatch(/^Pesan sebelum /);
    const customer = await createUser(testDb.db);
    for (const cookie of [undefined, await signIn(testDb.db, customer)]) {
      const response = await served(cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
      expect(response.headers.get("cdn-cache-control")).toBeNull();
      expect(await response.json()).toEqual(expected);
    }
  });
});
