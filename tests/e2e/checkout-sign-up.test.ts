// A visitor's first purchase: with a cart and no account they open checkout, make the account
// right there (e-mail and password beside the delivery details they fill anyway), press
// 'Pesan Sekarang' once, and the order is placed and they are signed in everywhere. A second
// visitor who types a wrong password for an existing account keeps everything typed.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedProducts } from "~/db/seed-data";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import {
  addToCart,
  nextWhatsAppTab,
  registerAndLogin,
  screenshot,
  setupBrowserShop,
  stubWhatsApp,
} from "../support/browser-shop";
import { configureBankAccount } from "../support/factories";

const wortel = seedProducts.find((p) => p.slug === "wortel")!;

async function fillRecipient(page: Page, name: string) {
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="phone"]').fill("081234567890");
  await page.locator('textarea[name="address"]').fill("Jl. Kalimantan No. 37, Sumbersari");
  await page.locator('select[name="area"]').selectOption("patrang");
}

describe.skipIf(!hasChromium)("first purchase: the account made inside checkout", () => {
  const shop = setupBrowserShop({
    seed: configureBankAccount,
    sampleCatalog: false,
    env: { NODE_ENV: "test", SHOP_CLOCK_START: "2026-11-25T10:00:00+07:00" },
  });

  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`a visitor signs up and orders with one press of 'Pesan Sekarang' (${label})`, async () => {
      const context = await newContext(shop.browser, size);
      await stubWhatsApp(context);
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await addToCart(page, shop.url, wortel, 3);
      // 'Masuk' and 'Daftar' bring the shopper back to this product afterwards.
      const back = `redirect=${encodeURIComponent(`/products/${wortel.slug}`)}`;
      const banner = page.getByRole("banner");
      expect(await banner.getByRole("link", { name: "Masuk", exact: true }).getAttribute("href")).toBe(
        `/login?${back}`,
      );
      if (label === "desktop")
        expect(await banner.getByRole("link", { name: "Daftar", exact: true }).getAttribute("href")).toBe(
          `/register?${back}`,
        );

      // Checkout opens for the visitor: no detour through /login.
      await page.goto(`${shop.url}/checkout`);
      await waitForHydration(page);
      expect(new URL(page.url()).pathname).toBe("/checkout");
      const account = page.getByTestId("akun-checkout");
      await account.getByText("Dengan memesan, Anda menyetujui Syarat & Ketentuan.").waitFor();
      await screenshot(page, `checkout-visitor-${label}`);

      const email = `pembeli.${label}.${Date.now()}@contoh.id`;
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill("Kebun-Sawi-2026");
      await fillRecipient(page, `Rina Pertama ${label}`);

      const chat = await nextWhatsAppTab(context, () => page.getByRole("button", { name: "Pesan Sekarang" }).click());
      expect(new URL(chat.url()).searchParams.get("text")).toContain(`Nama: Rina Pertama ${label}`);
      await page.waitForURL(/\/order-success\?order=/, { timeout: 15_000 });
      const orderId = new URL(page.url()).searchParams.get("order");
      expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

      // Signed in everywhere afterwards: the order list opens, with the order in it.
      await page.goto(`${shop.url}/orders`);
      expect(new URL(page.url()).pathname).toBe("/orders");
      await page.locator(`a[href="/orders/${orderId}"]`).first().waitFor();
      // A signed-in shopper's checkout has no account part, only their details.
      await addToCart(page, shop.url, wortel, 3);
      await page.goto(`${shop.url}/checkout`);
      await waitForHydration(page);
      await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe(`Rina Pertama ${label}`);
      expect(await page.getByTestId("akun-checkout").count()).toBe(0);
      await screenshot(page, `checkout-signed-in-${label}`);

      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("a wrong password for an existing account is said beside it, and nothing typed is lost", async () => {
    const owner = await (async () => {
      const context = await newContext(shop.browser, PHONE);
      const page = await context.newPage();
      const customer = await registerAndLogin(page, shop.url);
      await context.close();
      return customer;
    })();
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await addToCart(page, shop.url, wortel, 3);
    await page.goto(`${shop.url}/checkout`);
    await waitForHydration(page);
    await page.getByText("Sudah punya akun? Masuk").click();
    await page.locator('input[name="email"]').fill(owner.email);
    await page.locator('input[name="password"]').fill("Salah-Sekali-99");
    await fillRecipient(page, "Rina Salah");
    await page.getByRole("button", { name: "Pesan Sekarang" }).click();
    await page.getByText("Email atau password salah. Silakan coba lagi.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await page.locator('input[name="email"]').inputValue()).toBe(owner.email);
    expect(await page.locator('input[name="name"]').inputValue()).toBe("Rina Salah");
    expect(await page.locator('textarea[name="address"]').inputValue()).toBe("Jl. Kalimantan No. 37, Sumbersari");
    await screenshot(page, "checkout-visitor-wrong-password-phone");
    await context.close();
  });
});
