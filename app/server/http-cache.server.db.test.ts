import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "~/db/schema";
import { createCategory, createProduct } from "../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { cachePolicyFor, catalogEtag, etagMatches } from "./http-cache.server";

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
    await db.db
      .update(products)
      .set({ stock: 3, updatedAt: new Date(NOW + 1000) })
      .where(eq(products.id, product.id));
    await step();
    await db.db.delete(products).where(eq(products.id, product.id));
    await step();
    // A new minute gives a new tag: a change committed out of order is seen within a minute.
    expect(await catalogEtag(db.db, NOW + 60_000)).not.toBe(await catalogEtag(db.db, NOW));
  });
});

describe("cache policy", () => {
  it("tells catalog pages from personal ones, data requests included", () => {
    expect(cachePolicyFor("/")).toEqual({ policy: "catalog", isData: false });
    expect(cachePolicyFor("/_root.data")).toEqual({ policy: "catalog", isData: true });
    expect(cachePolicyFor("/products/bayam").policy).toBe("catalog");
    expect(cachePolicyFor("/category/sayur").policy).toBe("catalog");
    expect(cachePolicyFor("/sitemap.xml").policy).toBe("catalog");
    for (const p of ["/checkout", "/orders", "/orders/1.data", "/profile", "/admin", "/admin/orders/x", "/cart"])
      expect(cachePolicyFor(p).policy, p).toBe("personal");
    expect(cachePolicyFor("/api/visitor").policy).toBe("personal");
    expect(cachePolicyFor("/about").policy).toBe("catalog");
    expect(cachePolicyFor("/login").policy).toBe("default");
  });

  it("compares ETags weakly", () => {
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(false);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(null, 'W/"abc"')).toBe(false);
  });
});
