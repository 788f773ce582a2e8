// What a CDN or reverse proxy in front of the shop sees: public catalog pages carry a shared
// Cache-Control and an ETag, a repeat view with If-None-Match gets a bodiless 304 until staff
// change the catalog or a sale changes stock, and pages with personal data are `private, no-store`.
import { describe, expect, it } from "vitest";
import { postCheckout } from "../support/shop-load";
import { createCategory, createProduct, createUser, signIn } from "../support/factories";
import { post } from "../support/http";
import { postgresOrSkip, setupPostgresShop } from "../support/postgres";

const pgUp = await postgresOrSkip(
  "http-cache: PostgreSQL is unreachable, so the caching test (which edits the catalog beside the server) cannot run",
);
const shop = setupPostgresShop("http-cache", { enabled: pgUp });

/** Each process keeps the catalog's ETag for a second (http-cache.server.ts). */
const memoExpires = () => new Promise((resolve) => setTimeout(resolve, 1100));

async function get(pathName: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${shop.url}${pathName}`, { headers, redirect: "manual" });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body };
}

describe.skipIf(!pgUp)("HTTP caching of pages", () => {
  it("public catalog pages are cacheable with an ETag, and a repeat view is a 304 without a body", async () => {
    const category = await createCategory(shop.db);
    const product = await createProduct(shop.db, { categoryId: category.id });
    await memoExpires(); // the new product's version, not one remembered from before it
    for (const page of [
      "/",
      "/products",
      "/products?q=sayur",
      `/products/${product.slug}`,
      "/categories",
      `/category/${category.slug}`,
      "/sitemap.xml",
    ]) {
      const first = await get(page);
      expect(first.status, page).toBe(200);
      // Browsers always ask again (never an old price); only a CDN may serve a stale copy.
      expect(first.headers.get("cache-control"), page).toBe("public, max-age=0, must-revalidate, s-maxage=60");
      expect(first.headers.get("cache-control"), page).not.toMatch(/stale-while-revalidate/);
      expect(first.headers.get("cdn-cache-control"), page).toMatch(/^max-age=\d+, stale-while-revalidate=\d+$/);
      let etag = first.headers.get("etag");
      expect(etag, page).toMatch(/^W\/".+"$/);
      let again = await get(page, { "if-none-match": etag! });
      // A full answer with another ETag means the catalog moved in between (a loaded machine
      // once saw that on a category page); what must be a 304 is a repeat of an unchanged page.
      for (let tries = 0; again.status === 200 && again.headers.get("etag") !== etag && tries < 3; tries++) {
        etag = again.headers.get("etag");
        again = await get(page, { "if-none-match": etag! });
      }
      expect(again.status, page).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
    }
    // An unknown product is not cached as if it were a page.
    const missing = await get("/products/tidak-ada-produk-ini");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });

  it("a staff edit of a product, and a sale taking stock, make the next revalidation a full 200 with the new content", async () => {
    const category = await createCategory(shop.db);
    const product = await createProduct(shop.db, { categoryId: category.id, name: "Wortel Lama", stock: 40 });
    const admin = await createUser(shop.db, { role: "admin" });
    const adminCookie = await signIn(shop.db, admin);
    const page = `/products/${product.slug}`;
    const before = await get(page);
    const etag = before.headers.get("etag")!;
    expect(before.body).toContain("Wortel Lama");

    const edit = await post(
      shop.url,
      `/admin/products/${product.id}`,
      {
        intent: "save",
        name: "Wortel Baru",
        price: "7000",
        unit: "kg",
        discount: "0",
        stock: "40",
        stockBefore: "40",
        categoryId: category.id,
        description: "Segar.",
      },
      { cookie: adminCookie, headers: { Origin: shop.url } },
    );
    expect(edit.status).toBeLessThan(400);
    await memoExpires();
    const afterEdit = await get(page, { "if-none-match": etag });
    expect(afterEdit.status).toBe(200);
    expect(afterEdit.body).toContain("Wortel Baru");
    const editedEtag = afterEdit.headers.get("etag")!;
    expect(editedEtag).not.toBe(etag);
    // The category page lists the product too: it changed with it.
    expect((await get(`/category/${category.slug}`, { "if-none-match": etag })).status).toBe(200);

    const customer = await createUser(shop.db);
    const sale = await postCheckout(shop.url, { id: customer.id, cookie: await signIn(shop.db, customer) }, [
      { productId: product.id, quantity: 2 },
    ]);
    expect(sale.status).toBe(303);
    await memoExpires();
    const afterSale = await get(page, { "if-none-match": editedEtag });
    expect(afterSale.status).toBe(200);
    expect(afterSale.headers.get("etag")).not.toBe(editedEtag);
  });

  it("pages with personal data are private and never stored; catalog pages stay public with a session", async () => {
    const customer = await createUser(shop.db);
    const cookie = await signIn(shop.db, customer);
    for (const page of [
      "/checkout",
      "/profile",
      "/orders",
      "/cart",
      "/admin/dashboard",
      "/admin/login",
      "/api/visitor",
      "/login",
      "/forgot-password",
      "/verify-email",
      "/halaman-yang-tidak-ada",
    ]) {
      const response = await get(page, { cookie });
      expect(response.headers.get("cache-control"), page).toBe("private, no-store");
    }
    const anonymousOrders = await get("/orders");
    expect(anonymousOrders.headers.get("cache-control")).toBe("private, no-store");

    // The catalog carries nothing personal (the account menu is filled in on the client).
    const home = await get("/", { cookie });
    expect(home.status).toBe(200);
    expect(home.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=60");
    expect(home.body).not.toContain(customer.email);
    expect(home.body).not.toContain(customer.name);
  });
});
