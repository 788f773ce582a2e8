// /products and category pages stay small whatever the size of the catalog: one page of
// products at a time, with plain links to the next and previous pages (they work without
// JavaScript, and crawlers find them in the head as rel=next/prev), so every product is
// reachable by following them.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import { createPostgresDatabase, postgresOrSkip } from "../support/postgres";
import { startTestServer, type TestServer } from "../support/server";

const pgUp = await postgresOrSkip("catalog-page-size: PostgreSQL is unreachable, so the large catalog cannot be made");

const MAX_HTML_BYTES = 60 * 1024;
const root = path.resolve(import.meta.dirname, "../..");
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let handle: DatabaseHandle;
let server: TestServer;
let bigCategorySlug: string;
let activeNames: Set<string>;
let bigCategoryNames: Set<string>;

async function page(url: string) {
  const response = await fetch(`${server.url}${url}`, { redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

const names = (html: string) =>
  new Set([...html.matchAll(/data-testid="product-name"[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]));
const decode = (href: string) => href.replaceAll("&amp;", "&");

/** Follows 'Berikutnya' from `start` to the end: every page small, every product seen once. */
async function walk(start: string) {
  const seen = new Set<string>();
  let url: string | null = start;
  let pages = 0;
  while (url) {
    const { status, html } = await page(url);
    expect(status, url).toBe(200);
    expect(Buffer.byteLength(html), url).toBeLessThan(MAX_HTML_BYTES);
    for (const name of names(html)) {
      expect(seen.has(name), `${name} twice`).toBe(false);
      seen.add(name);
    }
    const next = /<a [^>]*rel="next"[^>]*href="([^"]+)"|<a [^>]*href="([^"]+)"[^>]*rel="next"/.exec(html);
    const headNext = /<link rel="next" href="([^"]+)"/.exec(html);
    if (next) expect(headNext, url).not.toBeNull();
    if (pages > 0) expect(html, url).toMatch(/<link rel="prev" href="[^"]+"/);
    url = next ? decode(next[1] ?? next[2]) : null;
    pages++;
  }
  return { seen, pages };
}

describe.skipIf(!pgUp)("catalog pages with a large catalog", () => {
  beforeAll(async () => {
    database = await createPostgresDatabase("catalog_page_size");
    handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
    const dataDir = path.join(root, ".tmp", `catalog-page-size-${Date.now()}`);
    mkdirSync(dataDir, { recursive: true });
    // The server migrates and seeds (24 categories); the catalog then grows to 30 categories
    // (a shop's aisles; each adds a chip to list pages) and 1,000 more products (no limit).
    server = await startTestServer({ env: { DATABASE_URL: database.url }, dataDir });
    const made = await handle.db
      .insert(categories)
      .values(
        Array.from({ length: 6 }, (_, i) => ({ name: `Kategori Besar ${i + 1}`, slug: `kategori-besar-${i + 1}` })),
      )
      .returning();
    bigCategorySlug = made[0].slug;
    await handle.db.insert(products).values(
      Array.from({ length: 1000 }, (_, i) => ({
        name: `Produk Katalog Besar Nomor ${String(i + 1).padStart(4, "0")}`,
        slug: `produk-katalog-besar-${i + 1}`,
        price: 1000 + i * 50,
        unit: "per ikat",
        stock: i % 7 === 0 ? 0 : 25,
        discount: i % 5 === 0 ? 10 : 0,
        description: "Produk untuk uji katalog besar.",
        categoryId: made[i % 3 === 0 ? 0 : 1 + (i % 5)].id,
      })),
    );
    const all = await handle.db
      .select({ name: products.name, isActive: products.isActive, categoryId: products.categoryId })
      .from(products);
    activeNames = new Set(all.filter((p) => p.isActive).map((p) => p.name));
    bigCategoryNames = new Set(all.filter((p) => p.isActive && p.categoryId === made[0].id).map((p) => p.name));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the catalog version memo
  });

  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    await database?.drop();
  });

  it("/products: every page under 60 kB, and the next links lead through every product", async () => {
    const { seen, pages } = await walk("/products");
    expect(pages).toBeGreaterThan(10);
    expect(seen).toEqual(activeNames);
  });

  it("a category page: every page under 60 kB, and the next links lead through its products", async () => {
    const { seen, pages } = await walk(`/category/${bigCategorySlug}`);
    expect(pages).toBeGreaterThan(5);
    expect(seen).toEqual(bigCategoryNames);
  });

  it("sorted and filtered lists page the same way", async () => {
    const { seen } = await walk("/products?sort=price-desc&q=Besar");
    expect(seen.size).toBe(1000);
  });
});
