// 'Langganan' on a phone, each page also looked at on a desktop: a shopper turns a past order into
// a weekly standing order ('Jadikan Langganan'), picks the days, finds it under 'Langganan Saya',
// skips the next date and takes the skip back. (The orders it makes by the clock are proven on the
// database.)
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import {
  addToCart,
  atBothSizes,
  firstProductSlug,
  placeOrder,
  registerAndLogin,
  screenshot,
  setupBrowserShop,
  stubWhatsApp,
} from "../support/browser-shop";

describe.skipIf(!hasChromium)("standing orders ('Langganan')", () => {
  const shop = setupBrowserShop();

  it("turns a past order into a weekly standing order, then skips a date and takes it back (phone; each page looked at on a desktop too)", async () => {
    const context = await newContext(shop.browser, PHONE);
    await stubWhatsApp(context);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await registerAndLogin(page, shop.url, { name: "Langganan" });
    await addToCart(page, shop.url, { slug: await firstProductSlug(shop.url) });
    const orderId = await placeOrder(page, shop.url);

    await page.goto(`${shop.url}/orders/${orderId}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Jadikan Langganan" }).click();
    await page.waitForURL(/\/langganan\/baru\?dari=/);
    await page.getByRole("heading", { name: "Langganan Baru" }).waitFor();
    // The order's own day is ticked already; Sabtu is added. The basket came from the order.
    const form = page.getByRole("form", { name: "Langganan" });
    await form.getByLabel("Sabtu").check();
    expect(await form.getByLabel(/^(Jumlah|Berat \(kg\))$/).count()).toBe(1);
    await atBothSizes(page, async (size) => {
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `langganan-baru-${size}`);
    });
    await form.getByRole("button", { name: "Simpan Langganan" }).click();

    await page.waitForURL(/\/langganan\/[0-9a-f-]{36}/);
    await page.getByText("Langganan tersimpan.").waitFor();
    await page.getByRole("heading", { name: /^Setiap .*Sabtu.*, (Pagi|Sore)$/ }).waitFor();
    const first = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: "Lewati" }) })
      .first();
    const dateText = (await first.locator("p").first().textContent()) ?? "";
    await first.getByRole("button", { name: "Lewati" }).click();
    await page.getByText("Tanggal ini dilewati").waitFor();
    const skipped = page.getByRole("listitem").filter({ hasText: dateText }).first();
    await skipped.getByText("Dilewati").waitFor();
    await atBothSizes(page, async (size) => {
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `langganan-kelola-${size}`);
    });
    await skipped.getByRole("button", { name: "Batal Lewati" }).click();
    await page.getByText("Tanggal ini aktif lagi.").waitFor();
    await page
      .getByRole("listitem")
      .filter({ hasText: dateText })
      .first()
      .getByRole("button", { name: "Lewati" })
      .waitFor();

    await page.goto(`${shop.url}/langganan`);
    await page.getByRole("heading", { name: "Langganan Saya" }).waitFor();
    await page.getByText(/^Setiap .*Sabtu.*, (Pagi|Sore)$/).waitFor();
    await atBothSizes(page, (size) => screenshot(page, `langganan-saya-${size}`));
    expect(errors).toEqual([]);
    await context.close();
  });
});
