// Accessibility in a real browser: axe-core finds no serious or critical violation on any
// public or customer page at phone and desktop size; every control is reachable by Tab and
// works from the keyboard; Radix dialogs trap focus and hand it back when they close.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { seriousViolations } from "../support/axe";
import { firstLink, nextWhatsAppTab, setupBrowserShop, stubWhatsApp } from "../support/browser-shop";
import { createUser, openSessions } from "../support/factories";

/** A signed-in customer for each size's customer pages, seeded: signing up is not what is judged here. */
const customerCookies = new Map<string, { name: string; value: string }>();
const shop = setupBrowserShop({
  seed: async (db) => {
    for (const label of ["phone", "desktop"]) {
      const customer = await createUser(db, { name: `Rina ${label}` });
      const [{ cookie }] = await openSessions(db, customer.id, 1);
      const at = cookie.indexOf("=");
      customerCookies.set(label, { name: cookie.slice(0, at), value: cookie.slice(at + 1) });
    }
  },
});
let productPath = "";
let categoryPath = "";

beforeAll(async () => {
  if (!hasChromium) return;
  // The sample catalog may change: take a product and a category from the pages themselves.
  productPath = await firstLink(shop.url, "/products", "/products/");
  categoryPath = await firstLink(shop.url, "/categories", "/category/");
});

async function open(page: Page, path: string) {
  await page.goto(`${shop.url}${path}`);
  await waitForHydration(page);
  // Skeletons and entry transitions settle before the page is judged: the page's requests are
  // done and no animation with an end (an entry, a transition) is still running.
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

const publicPages = () => [
  "/",
  "/products",
  productPath,
  "/categories",
  categoryPath,
  "/search?q=a",
  "/cart",
  "/about",
  "/contact",
  "/supply-with-us",
  "/terms",
  "/privacy",
  "/login",
  "/register",
  "/forgot-password",
];

/** Adds the page's product to the cart using only the keyboard: Tab to the button, press Enter. */
async function addToCartByKeyboard(page: Page) {
  const button = page.getByRole("button", { name: "Tambah ke Keranjang" }).first();
  await button.waitFor();
  let reached = false;
  for (let i = 0; i < 80 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await button.evaluate((el) => el === document.activeElement);
  }
  expect(reached, "Tambah ke Keranjang is reachable by Tab").toBe(true);
  await page.keyboard.press("Enter");
  await page.getByText(/telah ditambahkan ke keranjang belanja/).waitFor();
}

for (const [label, size] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  describe.skipIf(!hasChromium)(`accessibility at ${label} size`, () => {
    it("has no serious or critical axe violation on any public page", async () => {
      const context = await newContext(shop.browser, size);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of publicPages()) {
        await open(page, path);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      }
      // The cart with something in it, not only the empty state.
      await open(page, productPath);
      await addToCartByKeyboard(page);
      await open(page, "/cart");
      await page.getByRole("list", { name: "Produk di keranjang" }).waitFor();
      for (const v of await seriousViolations(page)) found.push(`/cart (filled): ${v}`);
      await context.close();
      expect(found).toEqual([]);
    });

    it("has no serious or critical axe violation on the customer's pages", async () => {
      const context = await newContext(shop.browser, size);
      await stubWhatsApp(context);
      await context.addCookies([{ ...customerCookies.get(label)!, url: shop.url }]);
      const page = await context.newPage();
      const found: string[] = [];

      await open(page, productPath);
      await addToCartByKeyboard(page);
      await open(page, "/checkout");
      await page.getByRole("list", { name: "Produk yang dipesan" }).waitFor();
      for (const v of await seriousViolations(page)) found.push(`/checkout: ${v}`);

      // Place the order, so the order list and its detail page have something to show.
      await page.locator('select[name="area"]').selectOption("sumbersari");
      await page
        .getByRole("radio", { name: / Sore · / })
        .first()
        .check();
      const chat = await nextWhatsAppTab(context, () => page.getByRole("button", { name: "Pesan Sekarang" }).click());
      await chat.close();
      await page.waitForURL(/\/order-success/, { timeout: 15_000 });

      for (const path of ["/profile", "/orders"]) {
        await open(page, path);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      }
      await page
        .getByRole("link", { name: /Pesanan #/ })
        .first()
        .click();
      await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
      await page.waitForLoadState("networkidle");
      for (const v of await seriousViolations(page)) found.push(`/orders/:id: ${v}`);
      await context.close();
      expect(found).toEqual([]);
    });
  });
}

/** Every visible, enabled control on the page, by a stable description. */
async function visibleControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        // A tab list forwards its Tab stop to the selected tab.
        if (el.getAttribute("role") === "tablist") return false;
        return (
          rect.width > 0 &&
          rect.height > 0 &&
          style.visibility !== "hidden" &&
          !el.closest("[inert],[aria-hidden='true']")
        );
      })
      .map((el, i) => {
        el.dataset.a11yProbe = String(i);
        return `${el.tagName.toLowerCase()}#${i} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
      });
  });
}

describe.skipIf(!hasChromium)("keyboard", () => {
  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`reaches every control by Tab (${label})`, async () => {
      const context = await newContext(shop.browser, size);
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      const missed: string[] = [];
      for (const path of ["/", "/products", productPath, "/cart", "/contact", "/login", "/register"]) {
        await open(page, path);
        const controls = await visibleControls(page);
        const reached = new Set<string>();
        // Radio groups and tab lists take one Tab stop for the group; the arrows move inside it.
        const radioGroups = await page.evaluate(() => [
          ...[...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].map((r) => [
            r.dataset.a11yProbe ?? "",
            r.name,
          ]),
          ...[...document.querySelectorAll<HTMLElement>('[role="tab"]')].map((t) => {
            const lists = [...document.querySelectorAll('[role="tablist"]')];
            return [t.dataset.a11yProbe ?? "", `tablist-${lists.indexOf(t.closest('[role="tablist"]') as Element)}`];
          }),
        ]);
        // The focused control after each Tab, noted by the page as the key comes up (before any
        // handler of the page's own), read once at the end instead of asked after every press.
        await page.evaluate(() => {
          const probes: string[] = [];
          (window as unknown as { a11yReached: string[] }).a11yReached = probes;
          window.addEventListener(
            "keyup",
            (event) => {
              if (event.key === "Tab")
                probes.push((document.activeElement as HTMLElement | null)?.dataset.a11yProbe ?? "");
            },
            true,
          );
        });
        await page.locator("body").focus();
        const presses = controls.length * 2 + 10;
        for (let i = 0; i < presses; i++) await page.keyboard.press("Tab");
        const probes = await page.evaluate(() => (window as unknown as { a11yReached: string[] }).a11yReached);
        expect(probes, `${path}: every Tab was noted`).toHaveLength(presses);
        for (const probe of probes) if (probe) reached.add(probe);
        const reachedGroups = new Set(radioGroups.filter(([probe]) => reached.has(probe)).map(([, name]) => name));
        for (const control of controls) {
          const probe = control.match(/#(\d+) /)?.[1] ?? "";
          const group = radioGroups.find(([p]) => p === probe)?.[1];
          if (!reached.has(probe) && !(group && reachedGroups.has(group))) missed.push(`${path}: ${control}`);
        }
      }
      await context.close();
      expect(missed).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it("switches the product page's tabs with the arrow keys", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    await open(page, productPath);
    const tabs = page.getByRole("tab");
    await tabs.first().focus();
    await expect.poll(() => tabs.first().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowRight");
    const second = tabs.nth(1);
    await expect.poll(() => second.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => second.getAttribute("aria-selected")).toBe("true");
    await context.close();
  });

  it("the phone menu dialog traps focus, closes with Escape and returns focus to its button", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await open(page, "/");
    const trigger = page.getByRole("button", { name: "Buka menu" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await dialog.waitFor();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? "Shift+Tab" : "Tab");
      expect(
        await dialog.evaluate((el) => el.contains(document.activeElement)),
        `focus stays in the dialog after ${i + 1} key presses`,
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // The dialog gives focus back as it unmounts, a moment after it leaves the DOM.
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it("the phone filter sheet traps focus and returns it, and a link in the menu works by keyboard", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await open(page, "/products");
    const trigger = page.getByTestId("filter-button");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Filter Produk" });
    await dialog.waitFor();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // The dialog gives focus back as it unmounts, a moment after it leaves the DOM.
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // Open the menu by keyboard and follow a link with Enter.
    await page.getByRole("button", { name: "Buka menu" }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    const about = menu.getByRole("link", { name: /Tentang/ });
    for (let i = 0; i < 15 && !(await about.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/about$/);
    await context.close();
  });
});
