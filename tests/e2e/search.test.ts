// Forgiving search in a real browser at phone and desktop size: suggestions while typing,
// used from the keyboard and announced; a typo answered with 'Mungkin maksud Anda'; the form
// searching without JavaScript; and staff editing 'Sinonim Pencarian'.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { adminLogin, screenshot, setupBrowserShop } from "../support/browser-shop";

const STAFF = { email: "sari.staf@sayurjember.id", password: "Serai-Wangi-Pagi-2026", name: "Sari Staf" };

const shop = setupBrowserShop({ staff: [STAFF] });

const field = (page: Page) => page.getByRole("combobox", { name: "Cari produk" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Saran pencarian" }).getByRole("option");
const status = (page: Page) => page.locator('p[role="status"]').filter({ hasText: /saran|maksud/ });

for (const [label, size] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  describe.skipIf(!hasChromium)(`search at ${label} size`, () => {
    it("suggests while typing, chosen with the arrow keys and Enter, and says so to screen readers", async () => {
      const context = await newContext(shop.browser, size);
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await page.goto(`${shop.url}/products`);
      await waitForHydration(page);

      await field(page).click();
      await field(page).pressSequentially("cabe", { delay: 40 });
      const options = suggestions(page);
      await expect.poll(() => options.count()).toBe(2);
      expect(await options.allTextContents()).toEqual([
        expect.stringContaining("Cabai Merah Keriting"),
        expect.stringContaining("Cabai Rawit"),
      ]);
      await expect.poll(() => field(page).getAttribute("aria-expanded")).toBe("true");
      await status(page).filter({ hasText: "2 saran tersedia" }).waitFor();
      await screenshot(page, `search-suggestions-${label}`);

      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      const second = options.nth(1);
      expect(await second.getAttribute("aria-selected")).toBe("true");
      expect(await field(page).getAttribute("aria-activedescendant")).toBe(await second.getAttribute("id"));
      await page.keyboard.press("ArrowDown");
      expect(await options.nth(0).getAttribute("aria-selected")).toBe("true");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${shop.url}/products/cabai-rawit`);
      await page.getByRole("heading", { level: 1, name: "Cabai Rawit" }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it("answers a typo with 'Mungkin maksud Anda', in the suggestions and on the results page", async () => {
      const context = await newContext(shop.browser, size);
      const page = await context.newPage();
      await page.goto(`${shop.url}/search`);
      await waitForHydration(page);

      await field(page).click();
      await field(page).pressSequentially("kangkong", { delay: 40 });
      await page.getByText("Mungkin maksud Anda:").first().waitFor();
      expect(await suggestions(page).first().textContent()).toContain("Kangkung");
      await status(page).filter({ hasText: "Mungkin maksud Anda: Kangkung" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Escape closes the list; Enter with nothing highlighted searches.
      await page.keyboard.press("Escape");
      await expect.poll(() => field(page).getAttribute("aria-expanded")).toBe("false");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/products\?q=kangkong/);
      const didYouMean = page.getByTestId("did-you-mean");
      await didYouMean.getByRole("heading", { name: /^Mungkin maksud Anda: Kangkung/ }).waitFor();
      await didYouMean.getByRole("link", { name: "Kangkung", exact: true }).first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `search-did-you-mean-${label}`);
      await context.close();
    });
  });
}

describe.skipIf(!hasChromium)("search without JavaScript", () => {
  it("still searches from the form, synonyms included", async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${shop.url}/search`);
    await page.getByRole("combobox", { name: "Cari produk" }).fill("brambang");
    await page.getByRole("button", { name: "Cari", exact: true }).click();
    await page.waitForURL(/\/products\?q=brambang/);
    expect(await page.getByTestId("product-name").allTextContents()).toEqual(["Bawang Merah"]);
    await context.close();
  });
});

describe.skipIf(!hasChromium)("'Sinonim Pencarian' for staff", () => {
  it("adds a pair from the admin navigation, refuses a bad one, and removes it", async () => {
    for (const [label, size] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const context = await newContext(shop.browser, size);
      const page = await context.newPage();
      await adminLogin(page, shop.url, STAFF);
      await page
        .getByRole("navigation", { name: "Menu admin" })
        .getByRole("link", { name: "Sinonim Pencarian" })
        .click();
      await page.getByRole("heading", { level: 1, name: "Sinonim Pencarian" }).waitFor();
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);

      const term = label === "phone" ? "kenikir" : "lembayung";
      await page.getByRole("textbox", { name: "Kata yang diketik" }).fill("x");
      await page.getByRole("textbox", { name: "Sama dengan" }).fill("kemangi");
      await page.getByRole("button", { name: "Tambah" }).click();
      await page.getByText("Kata yang diketik minimal 2 huruf.").waitFor();
      await screenshot(page, `admin-synonyms-error-${label}`);

      await page.getByRole("textbox", { name: "Kata yang diketik" }).fill(term);
      await page.getByRole("textbox", { name: "Sama dengan" }).fill("kemangi");
      await page.getByRole("button", { name: "Tambah" }).click();
      await page
        .getByTestId("flash")
        .filter({ hasText: `Sinonim “${term}” = “kemangi” ditambahkan.` })
        .waitFor();
      await page.locator(`[data-synonym="${term}=kemangi"]`).waitFor();
      await screenshot(page, `admin-synonyms-${label}`);

      const catalog = await fetch(`${shop.url}/products?q=${term}`).then((r) => r.text());
      expect(catalog).toContain("Kemangi");

      await page.getByRole("button", { name: `Hapus sinonim ${term} sama dengan kemangi` }).click();
      await page
        .getByTestId("flash")
        .filter({ hasText: `Sinonim “${term}” = “kemangi” dihapus.` })
        .waitFor();
      expect(await page.locator(`[data-synonym="${term}=kemangi"]`).count()).toBe(0);
      await context.close();
    }
  });
});
