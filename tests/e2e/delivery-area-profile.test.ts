// The delivery area ('Area Pengiriman') is kept with the customer's address: chosen in the
// address book, shown on the profile, and chosen already when they reach checkout.
import { describe, expect, it } from "vitest";
import { DESKTOP, hasChromium, newContext, PHONE, waitForHydration } from "../support/browser";
import { registerAndLogin, screenshot, setupBrowserShop } from "../support/browser-shop";

const shop = setupBrowserShop();

describe.skipIf(!hasChromium)("delivery area on the profile", () => {
  it("is chosen in the address book, shown on the profile and preselected at checkout", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await registerAndLogin(page, shop.url);

    await page.goto(`${shop.url}/addresses?edit=1`);
    await waitForHydration(page);
    const select = page.getByLabel("Area Pengiriman");
    await expect.poll(() => select.inputValue()).toBe("");
    await expect
      .poll(() => select.locator("option").allTextContents())
      .toContain("Di luar area (ongkir ditentukan CS)");
    await select.selectOption({ label: "Patrang (ongkir Rp 7.000, gratis mulai Rp 150.000)" });
    await screenshot(page, "addresses-area-phone");
    await page.getByRole("button", { name: "Simpan Alamat" }).click();
    await page.getByText("Area Pengiriman: Patrang").waitFor();

    await page.goto(`${shop.url}/profile`);
    await page.getByText("Patrang", { exact: true }).waitFor();
    await page.goto(`${shop.url}/profile?edit=1`);
    await expect.poll(() => page.getByLabel("Area Pengiriman").inputValue()).toBe("patrang");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "profile-area-desktop");

    await page.goto(`${shop.url}/checkout`);
    await expect.poll(() => page.locator('select[name="area"]').inputValue()).toBe("patrang");
    await context.close();
  });
});
