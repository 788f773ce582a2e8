// Every page is sent whole, a fresh process's very first one included: the parts the browser
// hydrates later (the footer, the error message) are in place in the HTML, not sent after the
// page as a hidden template with an inline script that moves them in (React's late-streamed
// boundary, written for a part that suspended in the render and, by default, for any finished
// part of over 500 bytes after 12.8 kB of page). Such a page is heavier, needs a script the
// CSP must allow, and, being a catalog page, would be kept by the page cache for everyone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

/** What React adds for a part that suspended during the server's render. */
const LATE_BOUNDARY = ["$RC(", '<template id="B:', 'hidden id="S:'];
const FOOTER = '<nav aria-label="Tautan toko">';

function lateBoundaries(html: string) {
  return LATE_BOUNDARY.filter((mark) => html.includes(mark));
}

async function get(server: TestServer, pathName: string) {
  const response = await fetch(`${server.url}${pathName}`, { redirect: "manual" });
  return { status: response.status, cache: response.headers.get("x-page-cache"), html: await response.text() };
}

describe("a fresh process's first render", () => {
  let shop: TestServer;
  let errorShop: TestServer;

  beforeAll(async () => {
    [shop, errorShop] = await Promise.all([startTestServer(), startTestServer()]);
  });

  afterAll(async () => {
    await Promise.all([shop?.stop(), errorShop?.stop()]);
  });

  it("draws the footer in place on its first shop page, and the page cache keeps that page", async () => {
    const first = await get(shop, "/");
    expect(first.status).toBe(200);
    expect(lateBoundaries(first.html)).toEqual([]);
    expect(first.html.split(FOOTER)).toHaveLength(2);

    const again = await get(shop, "/");
    expect(again.cache).toBe("hit");
    expect(lateBoundaries(again.html)).toEqual([]);
    expect(again.html).toContain(FOOTER);

    // A later render of another page, for comparison: the same, whole.
    const product = await get(shop, "/products");
    expect(product.status).toBe(200);
    expect(lateBoundaries(product.html)).toEqual([]);
    expect(product.html).toContain(FOOTER);
  });

  it("draws the error message in place when its first page is one", async () => {
    const first = await get(errorShop, "/tidak-ada-halaman-ini");
    expect(first.status).toBe(404);
    expect(lateBoundaries(first.html)).toEqual([]);
    expect(first.html).toContain("Halaman Tidak Ditemukan</h1>");
    expect(first.html).toContain(FOOTER);
  });
});
