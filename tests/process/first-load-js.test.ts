// What a shop page loads before it runs, read from the build (`npm run build` first): a page
// that only shows data (a standing-order list, an order, a profile) does not download the
// form-validation library, whose 24-29 kB (brotli) a phone on a weak signal would pay for
// nothing. And the six pages a shopper meets first stay under what they load today, on the way
// to the shop's limit (100 kB brotli, 115 kB gzip for every one).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { measureFirstLoad } from "../../scripts/bench/first-load";

const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
const built = existsSync(assets);

describe.skipIf(!built)("first-load JavaScript of the shop pages", () => {
  const pages = built ? measureFirstLoad() : [];
  const page = (route: string) => pages.find((p) => p.route === route)!;

  it("leaves the validation library off the pages that show data", () => {
    for (const route of ["langganan", "orders.$id", "orders", "profile", "addresses", "home", "products", "cart"])
      expect(page(route).zod, route).toBe(false);
  });

  it("leaves it off every page whose own code renders no form", () => {
    const offenders = pages.filter((p) => p.zod && !p.form && p.route !== "checkout").map((p) => p.route);
    expect(offenders).toEqual([]);
  });

  // What each page loaded when its ceiling was last lowered (docs/PERFORMANCE.md, "First-load
  // JS per shop page"), in kB, with a few hundred bytes to spare: a change that adds to the
  // first download of these pages fails here. Lower a ceiling whenever a page gets lighter,
  // down to the limits (`BROTLI_LIMIT`, `GZIP_LIMIT` in the bench), where they all end.
  const CEILINGS: Record<string, { brotli: number; gzip: number }> = {
    home: { brotli: 109.7, gzip: 126 },
    products: { brotli: 111.4, gzip: 128 },
    "products.$slug": { brotli: 115.7, gzip: 132.7 },
    "category.$slug": { brotli: 112.4, gzip: 129.1 },
    cart: { brotli: 112.5, gzip: 129.1 },
    about: { brotli: 110.6, gzip: 127.2 },
  };

  it("keeps the six pages a shopper meets first within their ceilings", () => {
    const over = Object.entries(CEILINGS).flatMap(([route, ceiling]) => {
      const p = page(route);
      return p.brotli > ceiling.brotli * 1024 || p.gzip > ceiling.gzip * 1024
        ? [`${route}: ${(p.brotli / 1024).toFixed(1)} kB brotli, ${(p.gzip / 1024).toFixed(1)} kB gzip`]
        : [];
    });
    expect(over).toEqual([]);
  });

  // React Router's package names only its development files; the browser's build takes the
  // production ones (vite.config.ts), so its developer warnings never reach a shopper's
  // console or the first download.
  it("ships React Router without its developer warnings", () => {
    const framework = readdirSync(assets).filter((f) => /^framework-.*\.js$/.test(f));
    expect(framework).toHaveLength(1);
    const code = readFileSync(path.join(assets, framework[0]), "utf8");
    expect(code).toContain("useNavigate");
    expect(code).not.toContain("Error handled by React Router default ErrorBoundary");
    expect(code).not.toContain("You rendered descendant <Routes>");
  });
});
