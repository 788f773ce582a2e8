// Walks every internal link a visitor can reach from the home page (header, footer, page
// bodies) and checks that none leads to a missing page, while a made-up path really is 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

const MAX_PAGES = 600;

/** Links worth following: same site, not staff pages, not actions like logging out. */
function internalTarget(href: string, base: string): string | null {
  if (href.startsWith("#") || /^(mailto|tel|javascript|data):/i.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  if (url.pathname === "/logout" || url.pathname === "/admin" || url.pathname.startsWith("/admin/")) return null;
  return `${url.pathname}${url.search}`;
}

function linksIn(html: string): string[] {
  const hrefs: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)) {
    hrefs.push(
      match[1]
        .replace(/&amp;/g, "&")
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"'),
    );
  }
  return hrefs;
}

describe("internal links", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("every link found from the home page leads to an existing page", async () => {
    const foundOn = new Map<string, string>([["/", "(start)"]]);
    const queue = ["/"];
    const broken: string[] = [];
    const visited = new Set<string>();

    while (queue.length > 0 && visited.size < MAX_PAGES) {
      const batch = queue.splice(0, 4).filter((target) => !visited.has(target));
      await Promise.all(
        batch.map(async (target) => {
          visited.add(target);
          const response = await fetch(`${server.url}${target}`, { headers: { accept: "text/html" } });
          const body = await response.text();
          if (response.status === 404 || response.status >= 500) {
            broken.push(`${target} answered ${response.status} (linked from ${foundOn.get(target)})`);
            return;
          }
          // Variants with a query string (filters, redirects) repeat their page's links.
          if (target.includes("?") || !(response.headers.get("content-type") ?? "").includes("text/html")) return;
          const finalPath = new URL(response.url).pathname;
          for (const href of linksIn(body)) {
            const next = internalTarget(href, `${server.url}${finalPath}`);
            if (next && !foundOn.has(next)) {
              foundOn.set(next, target);
              queue.push(next);
            }
          }
        }),
      );
    }

    expect(broken).toEqual([]);
    expect(visited.size).toBeLessThan(MAX_PAGES);
    // The walk reached the pages every visitor sees in the header and footer.
    for (const page of [
      "/products",
      "/supply-with-us",
      "/about",
      "/contact",
      "/categories",
      "/terms",
      "/privacy",
      "/cart",
      "/login",
      "/register",
    ]) {
      expect(visited.has(page), `${page} was not linked from anywhere`).toBe(true);
    }
  });

  it("answers 404 with the not-found page for a path that does not exist", async () => {
    const response = await fetch(`${server.url}/halaman-yang-tidak-pernah-ada`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Halaman Tidak Ditemukan");
    // One title, the shop's: the route's meta and its error view once both wrote one.
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(["<title>Halaman Tidak Ditemukan | Sayur Jember</title>"]);
  });

  it("gives an old category link to a category that is gone one title and a 404", async () => {
    const response = await fetch(`${server.url}/categories/kategori-yang-tidak-ada`, {
      headers: { accept: "text/html" },
    });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(["<title>Halaman Tidak Ditemukan | Sayur Jember</title>"]);
    expect(html).toContain('<meta name="robots" content="noindex"');
  });
});
