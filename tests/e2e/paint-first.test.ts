// The first view of a shop page is painted from the server's HTML alone: the browser asks for
// no script until the largest paint is on the screen, so on a phone's slow link the scripts do
// not share it with what the visitor is waiting to see. Checked in Chromium at phone size
// against the largest-contentful-paint entry, the figure Lighthouse reads "script before LCP"
// from, on the pages whose largest paint is text in the first HTML.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, newContext, PHONE, waitForHydration } from "../support/browser";
import { setupBrowserShop } from "../support/browser-shop";

const shop = setupBrowserShop();

type Timings = { lcp: number | null; lcpElement: string; scripts: { name: string; startTime: number }[] };

async function timingsOf(page: Page): Promise<Timings> {
  return page.evaluate(async () => {
    const entries = await new Promise<PerformanceEntry[]>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({
        type: "largest-contentful-paint",
        buffered: true,
      });
      setTimeout(() => resolve([]), 5000);
    });
    const last = entries.at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
      .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime }));
    return {
      lcp: last ? last.startTime : null,
      lcpElement: last?.element ? `${last.element.tagName} ${last.element.textContent?.slice(0, 40)}` : "",
      scripts,
    };
  });
}

describe.skipIf(!hasChromium)("scripts after the largest paint", () => {
  for (const path of ["/", "/about"]) {
    it(`${path}: no script is asked for before the largest paint, and the page still hydrates`, async () => {
      const context = await newContext(shop.browser, PHONE);
      try {
        // Three fresh loads: the old start (a frame, then a task) lost the race now and then.
        for (let load = 0; load < 3; load++) {
          const page = await context.newPage();
          await page.goto(`${shop.url}${path}?load=${load}`);
          await waitForHydration(page);
          const timings = await timingsOf(page);
          expect(timings.lcp, "a largest paint was reported").not.toBeNull();
          expect(timings.scripts.length, "the page's scripts were loaded").toBeGreaterThan(0);
          const early = timings.scripts.filter((s) => s.startTime < timings.lcp!);
          expect(early, `asked for before the largest paint (${timings.lcpElement} at ${timings.lcp})`).toEqual([]);
          await page.close();
        }
      } finally {
        await context.close();
      }
    });
  }

  it("a tap on 'Tambah ke Keranjang' before the scripts arrive is kept and counted once", async () => {
    const context = await newContext(shop.browser, PHONE);
    try {
      const page = await context.newPage();
      // Hold the page's scripts until the tap has happened: the tap then certainly comes
      // before hydration, as on a phone whose link is still busy with the page.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      // Not "load": scripts the page starts before its load event (the largest paint can come
      // before the last image) hold that event, and they are held here until the tap.
      await page.goto(`${shop.url}/products/wortel`, { waitUntil: "domcontentloaded" });
      await page.getByRole("button", { name: "Tambah ke Keranjang" }).first().click();
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
      release();
      await page.getByText("Wortel telah ditambahkan ke keranjang belanja.").waitFor();
      const cart = () =>
        page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]") as { quantity: number }[]);
      await expect.poll(async () => (await cart()).length).toBe(1);
      expect((await cart())[0].quantity, "the held tap was played once, not twice").toBe(1);
      expect(await page.getByText("Wortel telah ditambahkan ke keranjang belanja.").count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
