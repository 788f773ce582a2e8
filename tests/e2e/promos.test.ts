// 'Kode Promo' end to end: staff make a code at /admin/promos, a shopper types it at checkout
// and presses 'Pakai', sees the discount in the summary, places the order (the chat to the shop
// names the promo) and finds the discount on their order page. Phone and desk: the checkout
// summary and the promo form are laid out differently at the two sizes.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedProducts } from "~/db/seed-data";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { adminLogin, registerAndLogin, screenshot, setupBrowserShop } from "../support/browser-shop";
import { configureBankAccount } from "../support/factories";

const SHOP_WHATSAPP = "6289876543210";
const OWNER = {
  email: "pemilik.promo@sayurjember.id",
  password: "Pemilik-Promo-2026",
  name: "Bu Ratna",
  role: "owner" as const,
};

async function createCode(page: Page, baseUrl: string, code: string) {
  await page.goto(`${baseUrl}/admin/promos`);
  await waitForHydration(page);
  const form = page.locator("form", { has: page.locator('input[name="intent"][value="create"]') });
  await form.locator('input[name="code"]').fill(code.toLowerCase());
  await form.locator('select[name="kind"]').selectOption("fixed");
  await form.locator('input[name="value"]').fill("5.000");
  await form.locator('input[name="minSpend"]').fill("10.000");
  await form.locator('input[name="quota"]').fill("10");
  await form.getByRole("button", { name: "Simpan Promo" }).click();
  await page.getByText(`Promo ${code} disimpan.`).waitFor();
  await page.locator(`[data-promo="${code}"]`).waitFor();
}

describe.skipIf(!hasChromium)("a promo code from /admin/promos to the order page", () => {
  const shop = setupBrowserShop({
    staff: [OWNER],
    seed: configureBankAccount,
    env: { SHOP_WHATSAPP },
  });

  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`staff make a code, the shopper presses 'Pakai', orders and sees the discount (${label})`, async () => {
      const code = `HEMAT${label.toUpperCase()}`;
      const staff = await newContext(shop.browser, size);
      const admin = await staff.newPage();
      await adminLogin(admin, shop.url, OWNER);
      await createCode(admin, shop.url, code);
      await screenshot(admin, `promo-admin-${label}`);
      await staff.close();

      const context = await newContext(shop.browser, size);
      await context.route("https://wa.me/**", (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
      );
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await registerAndLogin(page, shop.url, { name: `Pembeli Promo ${label}` });
      const wortel = seedProducts.find((p) => p.slug === "wortel")!;
      const charged = discountedPrice(wortel.price, wortel.discount);
      await page.goto(`${shop.url}/products/${wortel.slug}`);
      await waitForHydration(page);
      for (let i = 1; i < 4; i++) await page.getByRole("button", { name: "Tambah jumlah" }).first().click();
      await page.getByRole("button", { name: "Tambah ke Keranjang" }).first().click();
      await page.getByText(`${wortel.name} telah ditambahkan ke keranjang belanja.`).waitFor();

      await page.goto(`${shop.url}/checkout`);
      await waitForHydration(page);
      const goods = charged * 4;
      await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe(formatRupiah(goods));
      // Patrang: Rp 7.000 ongkir; the code takes Rp 5.000 off the goods.
      await page.locator('select[name="area"]').selectOption("patrang");
      const fee = 7000;
      await page.getByLabel("Kode Promo").fill(code.toLowerCase());
      await page.getByRole("button", { name: "Pakai" }).click();
      await page.getByTestId("checkout-promo").waitFor();
      expect(await page.getByTestId("promo-message").textContent()).toBe(`Kode ${code} dipakai.`);
      expect(await page.getByTestId("checkout-promo").textContent()).toContain(`−${formatRupiah(5000)}`);
      await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe(formatRupiah(goods + fee - 5000));
      await page.getByRole("button", { name: "Pakai" }).waitFor();
      await screenshot(page, `promo-checkout-${label}`);

      const chatTab = context.waitForEvent("page", { predicate: (p) => p.url().startsWith("https://wa.me/") });
      await page.getByRole("button", { name: "Pesan Sekarang" }).click();
      const chat = await chatTab;
      const text = new URL(chat.url()).searchParams.get("text") ?? "";
      expect(text).toContain(`Promo ${code}: -Rp 5.000`);
      await page.waitForURL(/\/order-success/, { timeout: 15_000 });
      await page.getByRole("link", { name: "Lihat Pesanan" }).click();
      await page.getByTestId("order-promo").waitFor();
      expect(await page.getByTestId("order-promo").textContent()).toContain(`Promo ${code}`);
      expect(await page.getByTestId("order-total").textContent()).toBe(formatRupiah(goods + fee - 5000));
      await screenshot(page, `promo-order-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
