// What a shop page loads before it runs, read from the build (`npm run build` first): a page
// that only shows data (a standing-order list, an order, a profile) does not download the
// form-validation library, whose 24-29 kB (brotli) a phone on a weak signal would pay for
// nothing.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { measureFirstLoad } from "../../scripts/bench/first-load";

const built = existsSync(path.resolve(import.meta.dirname, "../../build/client/assets"));

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
});
