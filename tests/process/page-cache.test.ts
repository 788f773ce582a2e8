// The shop's own page cache: a public catalog page is rendered once per catalog version and
// then sent compressed without rendering; a change to the catalog made anywhere (here: straight
// in PostgreSQL, as another process would) is seen at once; and no response ever carries a
// nonce another response had: cached pages allow their inline scripts by hash and still run.
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { inlineScriptHashes } from "~/server/page-cache.server";
import { hasChromium, launchBrowser, newContext, trackPageErrors, waitForHydration } from "../support/browser";
import { createCategory, createProduct } from "../support/factories";
import { postgresOrSkip, setupPostgresShop } from "../support/postgres";

const pgUp = await postgresOrSkip(
  "page-cache: PostgreSQL is unreachable, so the test (which edits the catalog beside the server) cannot run",
);
const shop = setupPostgresShop("page-cache", { enabled: pgUp });

/** Each process keeps the catalog's version for a second (http-cache.server.ts). */
const memoExpires = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** The bytes exactly as sent (fetch would undo the compression under test). */
function get(pathName: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${shop.url}${pathName}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (typeof value === "string") answerHeaders.set(name, value);
        resolve({ status: response.statusCode ?? 0, headers: answerHeaders, body: Buffer.concat(chunks) });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

/** Waits out the version memo (a page just created must be seen), renders twice (the second is stored). */
async function warm(pathName: string) {
  await memoExpires();
  await get(pathName);
  await get(pathName);
  await new Promise((resolve) => setTimeout(resolve, 300)); // compression runs beside the answer
}

const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe.skipIf(!pgUp)("page cache", () => {
  it("serves a stored page compressed, identical to the render, with hashed scripts and no nonce", async () => {
    const category = await createCategory(shop.db);
    const product = await createProduct(shop.db, { categoryId: category.id, name: "Terong Ungu Cache" });
    const page = `/products/${product.slug}`;
    await memoExpires();
    const rendered = await get(page, { "accept-encoding": "identity" });
    expect(rendered.headers.get("x-page-cache")).toBe("miss");
    await warm(page);

    const br = await get(page, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("x-page-cache")).toBe("hit");
    expect(br.headers.get("content-encoding")).toBe("br");
    const html = brotliDecompressSync(br.body).toString("utf8");
    expect(html).toBe(rendered.body.toString("utf8"));
    expect(html).toContain("Terong Ungu Cache");
    expect(noncesIn(html)).toEqual([]);
    const csp = br.headers.get("content-security-policy")!;
    expect(csp).not.toMatch(/nonce-/);
    for (const hash of inlineScriptHashes(html)) expect(csp).toContain(hash);
    expect(br.headers.get("cache-control")).toMatch(/^public/);
    expect(br.headers.get("vary")).toMatch(/Accept-Encoding/);

    const gz = await get(page, { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gz.body).toString("utf8")).toBe(html);
    const plain = await get(page, { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.body.toString("utf8")).toBe(html);

    const head = await get(page, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    const revalidated = await get(page, { "if-none-match": br.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it("a catalog change made by another process is seen within a second, and the new page is stored in turn", async () => {
    const category = await createCategory(shop.db);
    const product = await createProduct(shop.db, { categoryId: category.id, name: "Kangkung Lama" });
    const page = `/products/${product.slug}`;
    const listing = `/category/${category.slug}`;
    await warm(page);
    await warm(listing);
    expect((await get(page)).headers.get("x-page-cache")).toBe("hit");

    await shop.db.update(products).set({ name: "Kangkung Baru" }).where(eq(products.id, product.id));
    await memoExpires();
    for (const url of [page, listing]) {
      const after = await get(url, { "accept-encoding": "identity" });
      expect(after.headers.get("x-page-cache"), url).toBe("miss");
      expect(after.body.toString("utf8"), url).toContain("Kangkung Baru");
      expect(after.body.toString("utf8"), url).not.toContain("Kangkung Lama");
    }
    await warm(page);
    const again = await get(page, { "accept-encoding": "identity" });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.body.toString("utf8")).toContain("Kangkung Baru");
  });

  it("a burst of requests for a page not yet stored renders it once; the others get that render", async () => {
    const category = await createCategory(shop.db);
    const product = await createProduct(shop.db, { categoryId: category.id, name: "Sawi Serentak" });
    const page = `/products/${product.slug}`;
    await memoExpires();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(page, { "accept-encoding": "identity" })));
    const states = answers.map((a) => a.headers.get("x-page-cache"));
    expect(states.filter((s) => s === "miss")).toHaveLength(1);
    expect(
      states.every((s) => s === "miss" || s === "shared" || s === "hit"),
      states.join(),
    ).toBe(true);
    const bodies = new Set(answers.map((a) => a.body.toString("utf8")));
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain("Sawi Serentak");
  });

  it("after a catalog change one request renders the new page while the others get the previous one, never later", async () => {
    const category = await createCategory(shop.db);
    const product = await createProduct(shop.db, { categoryId: category.id, name: "Pakcoy Sebelum" });
    const page = `/products/${product.slug}`;
    await warm(page);
    const before = await get(page, { "accept-encoding": "identity" });
    expect(before.headers.get("x-page-cache")).toBe("hit");

    await shop.db.update(products).set({ name: "Pakcoy Sesudah" }).where(eq(products.id, product.id));
    await memoExpires();
    const burst = await Promise.all(Array.from({ length: 12 }, () => get(page, { "accept-encoding": "identity" })));
    const fresh = burst.filter((a) => a.body.toString("utf8").includes("Pakcoy Sesudah"));
    const stale = burst.filter((a) => a.body.toString("utf8").includes("Pakcoy Sebelum"));
    expect(fresh.length + stale.length).toBe(burst.length);
    expect(burst.filter((a) => a.headers.get("x-page-cache") === "miss")).toHaveLength(1);
    // The previous copy says which version it is: the browser asks again next time.
    for (const answer of stale) {
      expect(answer.headers.get("x-page-cache")).toBe("stale");
      expect(answer.headers.get("etag")).toBe(before.headers.get("etag"));
    }
    for (const answer of fresh) expect(answer.headers.get("etag")).not.toBe(before.headers.get("etag"));

    // Once the new page is rendered, nobody gets the old one.
    const after = await get(page, { "accept-encoding": "identity" });
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(after.body.toString("utf8")).toContain("Pakcoy Sesudah");
  });

  it("a product taken off sale is never served from its old copy", async () => {
    const category = await createCategory(shop.db);
    const product = await createProduct(shop.db, { categoryId: category.id, name: "Labu Siam Habis" });
    const page = `/products/${product.slug}`;
    await warm(page);
    await shop.db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    await memoExpires();
    const first = await get(page);
    expect(first.status).toBe(404);
    // The next burst races new renders of the 404: none of them may fall back to the old copy.
    const burst = await Promise.all(Array.from({ length: 8 }, () => get(page, { "accept-encoding": "identity" })));
    for (const answer of burst) {
      expect(answer.status).toBe(404);
      expect(answer.body.toString("utf8")).not.toContain("Labu Siam Habis");
    }
  });

  it("never sends one nonce twice: personal pages get a fresh one each time, cached pages none", async () => {
    await warm("/products");
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++)
      for (const url of ["/cart", "/login", "/products", "/"]) {
        const answer = await get(url, { "accept-encoding": "identity" });
        const html = answer.body.toString("utf8");
        const nonces = new Set(noncesIn(html));
        const headerNonce = /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1];
        if (headerNonce) nonces.add(headerNonce);
        expect(nonces.size, url).toBeLessThanOrEqual(1);
        for (const nonce of nonces) {
          expect(seen.has(nonce), `${url} reused a nonce`).toBe(false);
          seen.add(nonce);
        }
      }
    expect(seen.size).toBeGreaterThan(0);
  });

  it.skipIf(!hasChromium)(
    "a page from the cache runs its scripts under its hash policy: add to cart works",
    async () => {
      const category = await createCategory(shop.db);
      const product = await createProduct(shop.db, { categoryId: category.id, name: "Buncis Cache", stock: 20 });
      const page = `/products/${product.slug}`;
      await warm(page);
      const browser = await launchBrowser();
      try {
        const context = await newContext(browser);
        const tab = await context.newPage();
        const errors = trackPageErrors(tab);
        const response = await tab.goto(`${shop.url}${page}`);
        expect(response?.headers()["x-page-cache"]).toBe("hit");
        // Scripts start after the first paint: hydration under the hash policy is what is tested.
        await waitForHydration(tab);
        await tab
          .getByRole("button", { name: /Tambah.*Keranjang/i })
          .first()
          .click();
        await expect.poll(() => tab.getByTestId("cart-badge").first().textContent()).toBe("1");
        expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
        await context.close();
      } finally {
        await browser.close();
      }
    },
  );
});
