import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "~/db/schema";
import { createCategory, createProduct, createUser, setStock, signIn } from "../../tests/support/factories";
import { contextFor, releaseTestDatabase, useTestDatabase } from "../../tests/support/routes";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { cachePolicy, catalogEtag, etagMatches, httpCacheMiddleware, type CachePolicy } from "./http-cache.server";
import { userOf } from "./request-context.server";
import * as cartProductsRoute from "~/routes/api.cart-products";
import * as favoritesRoute from "~/routes/api.favorites";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await db.destroy();
});

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);

describe("the catalog's ETag", () => {
  it("stays the same while nothing changes, and changes with every kind of catalog change", async () => {
    const category = await createCategory(db.db);
    const product = await createProduct(db.db, { categoryId: category.id });
    const seen = new Set<string>();
    const step = async () => {
      const etag = await catalogEtag(db.db, NOW);
      expect(await catalogEtag(db.db, NOW)).toBe(etag);
      expect(seen.has(etag)).toBe(false);
      seen.add(etag);
    };
    await step();
    await db.db.update(categories).set({ name: "Ganti Nama" }).where(eq(categories.id, category.id));
    await step();
    // A staff edit that leaves updated_at alone (e.g. a script) still counts, through the trigger.
    const [{ updatedAt }] = await db.db
      .select({ updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.id, product.id));
    await db.db.update(products).set({ price: 9999, updatedAt }).where(eq(products.id, product.id));
    await step();
    await setStock(db.db, product.id, 3, { reason: "order" });
    await step();
    await db.db.delete(products).where(eq(products.id, product.id));
    await step();
    // A new minute gives a new tag: a change committed out of order is seen within a minute.
    expect(await catalogEtag(db.db, NOW + 60_000)).not.toBe(await catalogEtag(db.db, NOW));
  });
});

describe("cache policy", () => {
  /** One request through the root middleware and a route declaring `policy` (or nothing). */
  async function answer(
    policy: CachePolicy | null,
    { path = "/about", cookie, asksForUser = false }: { path?: string; cookie?: string; asksForUser?: boolean } = {},
  ) {
    const request = new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} });
    const context = contextFor(request);
    const render = async () => {
      if (asksForUser) await userOf(context);
      return new Response("page", { headers: { "Content-Type": "text/html" } });
    };
    const route = policy
      ? () => cachePolicy(policy)({ request, context, params: {}, unstable_pattern: path } as never, render)
      : render;
    const response = await httpCacheMiddleware(request, context, route as () => Promise<Response>);
    return response.headers.get("cache-control");
  }

  it("shares what a route declares public, and nothing it did not declare", async () => {
    useTestDatabase(db);
    expect(await answer("catalog")).toBe("public, max-age=0, must-revalidate, s-maxage=60");
    expect(await answer("private")).toBe("private, no-store");
    expect(await answer(null)).toBe("private, no-store");
    // A public file that sets nothing itself is not shared either.
    expect(await answer("asset")).toBe("private, no-store");
    // The browser router's data requests are the browser's own.
    expect(await answer("catalog", { path: "/about.data" })).toBe("private, no-store");
    releaseTestDatabase();
  });

  it("never shares an answer made for a signed-in user, whatever the route declared", async () => {
    useTestDatabase(db);
    const user = await createUser(db.db);
    const cookie = await signIn(db.db, user);
    expect(await answer("catalog", { cookie, asksForUser: true })).toBe("private, no-store");
    // Different spellings of the same session cookie are still that user.
    expect(await answer("catalog", { cookie: cookie.replace("=", " = "), asksForUser: true })).toMatch(/private/);
    // A catalog page that never asks who is there stays the same bytes for everyone.
    expect(await answer("catalog", { cookie })).toMatch(/^public/);
    // Asking and finding nobody keeps it public.
    expect(await answer("catalog", { asksForUser: true })).toMatch(/^public/);
    releaseTestDatabase();
  });

  it("keeps the personal JSON endpoints private, which set no Cache-Control of their own", async () => {
    useTestDatabase(db);
    const user = await createUser(db.db);
    const cookie = await signIn(db.db, user);
    const endpoints = [
      [favoritesRoute, "/api/favorites"],
      [cartProductsRoute, "/api/cart-products?ids=x"],
    ] as const;
    for (const [route, path] of endpoints) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const request = new Request(`http://shop.test${path}`, { headers });
        const context = contextFor(request);
        const args = { request, context, params: {}, unstable_pattern: path } as never;
        const own = (await route.loader(args)) as Response;
        expect(own.headers.get("cache-control"), path).toBeNull();
        const response = await httpCacheMiddleware(
          request,
          context,
          async () => (await route.middleware[0](args, async () => (await route.loader(args)) as Response)) as Response,
        );
        expect(response.status, path).toBe(200);
        expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      }
    }
    releaseTestDatabase();
  });

  it("compares ETags weakly", () => {
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(false);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(null, 'W/"abc"')).toBe(false);
  });
});
