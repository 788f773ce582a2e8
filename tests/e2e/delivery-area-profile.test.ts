// The delivery area ('Area Pengiriman') is kept with the customer's address: chosen in the
// address book, shown on the profile, and chosen already when they reach checkout.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hasChromium, launchBrowser, newContext, PHONE, waitForHydration } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { registerAndLogin, screenshot } from "./fixtures";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.skipIf(!hasChromium)("delivery area on the profile", () => {
  it("is chosen in the address book, shown on the profile and preselected at checkout", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await registerAndLogin(page, server.url);

    await page.goto(`${server.url}/addresses?edit=1`);
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

    await page.goto(`${server.url}/profile`);
    await page.getByText("Patrang", { exact: true }).waitFor();
    await page.goto(`${server.url}/profile?edit=1`);
    await expect.poll(() => page.getByLabel("Area Pengiriman").inputValue()).toBe("patrang");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "profile-area-desktop");

    await page.goto(`${server.url}/checkout`);
    await expect.poll(() => page.locator('select[name="area"]').inputValue()).toBe("patrang");
    await context.close();
  });
});
