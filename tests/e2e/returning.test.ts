// A returning customer, each scenario at one size: cancels a waiting order from its page
// (confirmation dialog, reason, stock back), and the page says who cancelled; orders a past
// order again ('Pesan Lagi') and hears which lines could not be added; keeps favourites, first
// on the device as a visitor, then on the account after signing in ('Favorit Saya').
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import {
  addToCart,
  atBothSizes,
  firstProductSlug,
  openMenu,
  placeOrder,
  registerAndLogin,
  screenshot,
  setupBrowserShop,
  stubWhatsApp,
} from "../support/browser-shop";

async function stockShown(page: Page, baseUrl: string, slug: string): Promise<number> {
  await page.goto(`${baseUrl}/products/${slug}`);
  const text =
    (await page
      .getByText(/Stok (tersedia: |terbatas: sisa )\d+/)
      .first()
      .textContent()) ?? "";
  return Number(text.match(/(\d+)$/)?.[1]);
}

describe.skipIf(!hasChromium)("returning customer", () => {
  const shop = setupBrowserShop();

  it("cancels a waiting order with a reason and gets the stock back (phone; the dialog and the page looked at on a desktop too)", async () => {
    const context = await newContext(shop.browser, PHONE);
    await stubWhatsApp(context);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await registerAndLogin(page, shop.url, { name: "Pembatal" });
    const slug = await firstProductSlug(shop.url);
    const before = await stockShown(page, shop.url, slug);
    await addToCart(page, shop.url, { slug }, 2);
    const orderId = await placeOrder(page, shop.url);
    expect(await stockShown(page, shop.url, slug)).toBe(before - 2);

    await page.goto(`${shop.url}/orders/${orderId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Batalkan Pesanan" }).click();
    const dialog = page.getByRole("dialog", { name: `Batalkan pesanan #${orderId.slice(0, 8)}?` });
    await dialog.waitFor();
    await dialog.getByLabel("Alasan pembatalan (opsional)").fill("Salah pilih jadwal antar");
    await atBothSizes(page, async (size) => {
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `cancel-dialog-${size}`);
    });
    await dialog.getByRole("button", { name: "Ya, Batalkan Pesanan" }).click();
    await page.getByText("Anda membatalkan pesanan ini").waitFor();
    await page.getByText("Alasan: Salah pilih jadwal antar").waitFor();
    expect(await page.getByRole("button", { name: "Batalkan Pesanan" }).count()).toBe(0);
    await atBothSizes(page, (size) => screenshot(page, `cancelled-order-${size}`));
    expect(await stockShown(page, shop.url, slug)).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Pesan Lagi' from the orders list lists the sold-out line and puts the rest in the cart (phone)", async () => {
    const context = await newContext(shop.browser, PHONE);
    await stubWhatsApp(context);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await registerAndLogin(page, shop.url, { name: "Pelanggan Setia" });
    // Every Selada Keriting in stock (25) and one Wortel: after this order Selada is sold out.
    await page.goto(`${shop.url}/products/selada-keriting`);
    await waitForHydration(page);
    const more = page.getByRole("button", { name: "Tambah jumlah" }).first();
    while (await more.isEnabled()) await more.click();
    await page.getByRole("button", { name: "Tambah ke Keranjang" }).first().click();
    await page.getByText("telah ditambahkan ke keranjang belanja.").first().waitFor();
    await addToCart(page, shop.url, { slug: "wortel" }, 2);
    await placeOrder(page, shop.url);

    await page.goto(`${shop.url}/orders`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Pesan Lagi" }).first().click();
    const dialog = page.getByRole("dialog", { name: "1 produk tidak tersedia dan tidak ditambahkan" });
    await dialog.waitFor();
    await dialog.getByText("Selada Keriting").waitFor();
    await dialog.getByText("Stok habis.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "reorder-dialog-phone");
    await dialog.getByRole("link", { name: "Lihat Keranjang" }).click();
    await page.waitForURL(`${shop.url}/cart`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
    expect(stored.map((l: { product: { slug: string }; quantity: number }) => [l.product.slug, l.quantity])).toEqual([
      ["wortel", 2],
    ]);
    await screenshot(page, "reorder-cart-phone");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Pesan Lagi' on the order page goes straight to the cart when every line is there (desktop)", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    await stubWhatsApp(context);
    const page = await context.newPage();
    await registerAndLogin(page, shop.url, { name: "Pelanggan Desktop" });
    await addToCart(page, shop.url, { slug: "wortel" }, 3);
    const orderId = await placeOrder(page, shop.url);
    await page.goto(`${shop.url}/orders/${orderId}`);
    await waitForHydration(page);
    await screenshot(page, "reorder-order-page-desktop");
    await page.getByRole("button", { name: "Pesan Lagi" }).click();
    await page.waitForURL(`${shop.url}/cart`);
    await page.getByText("Wortel").first().waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
    expect(stored).toMatchObject([{ product: { slug: "wortel" }, quantity: 3 }]);
    await context.close();
  });

  it("a visitor's favourite follows them into the account at sign-in and can be bought from 'Favorit Saya' (phone)", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${shop.url}/products/kangkung`);
    await waitForHydration(page);
    const favorite = page.getByRole("button", { name: "Favorit" });
    await expect.poll(() => favorite.getAttribute("aria-pressed")).toBe("false");
    await favorite.click();
    await expect.poll(() => favorite.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("favorites") ?? "[]"))).toHaveLength(1);

    await registerAndLogin(page, shop.url, { name: "Pecinta Kangkung" }, "/favorites");
    await page.waitForURL(`${shop.url}/favorites`);
    await waitForHydration(page);
    const card = page.getByRole("article", { name: "Kangkung" });
    await card.waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("favorites"))).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "favorites-phone");
    await card.getByRole("button", { name: "Tambah Kangkung ke keranjang" }).click();
    await page.getByText("Kangkung telah ditambahkan ke keranjang belanja.").waitFor();

    // The product page's HTML is the same for everyone: the mark comes from the client.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const html = await (await fetch(`${shop.url}/products/kangkung`, { headers: { Cookie: cookie } })).text();
    expect(html).not.toContain('aria-pressed="true"');
    await page.goto(`${shop.url}/products/kangkung`);
    await waitForHydration(page);
    // The mark waits for the account's favourites to be fetched: on a loaded machine that takes
    // longer than a poll's default second.
    await expect
      .poll(() => page.getByRole("button", { name: "Favorit" }).getAttribute("aria-pressed"), { timeout: 15_000 })
      .toBe("true");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a signed-in customer finds 'Favorit Saya' in the account menu and removes a favourite there (desktop)", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    await registerAndLogin(page, shop.url, { name: "Pembeli Desktop" });
    await page.goto(`${shop.url}/products/wortel`);
    await waitForHydration(page);
    const favorite = page.getByRole("button", { name: "Favorit" });
    await expect.poll(() => favorite.isEnabled()).toBe(true);
    await favorite.click();
    await page.getByText("Wortel tersimpan di Favorit Saya.").waitFor();
    const menu = await openMenu(page, page.getByRole("button", { name: "Akun Saya" }));
    await menu.getByRole("menuitem", { name: "Favorit Saya" }).click();
    await page.waitForURL(`${shop.url}/favorites`);
    await page.getByRole("article", { name: "Wortel" }).waitFor();
    await screenshot(page, "favorites-desktop");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Hapus Wortel dari favorit" }).click();
    await page.getByText("Belum ada favorit").waitFor();
    await page.reload();
    await page.getByText("Belum ada favorit").waitFor();
    await context.close();
  });

  it("a signed-in shopper's 'Favorit' pressed before the page knows who is looking is saved to the account", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await registerAndLogin(page, shop.url, { name: "Penekan Cepat" });
    // Hold the answer to "who is looking" until the button has been pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/visitor", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${shop.url}/products/tomat`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Favorit" }).click();
    release();
    await page.getByText("Tomat tersimpan di Favorit Saya.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("favorites"))).toBeNull();
    await page.unroute("**/api/visitor");
    await page.goto(`${shop.url}/favorites`);
    await page.getByRole("article", { name: "Tomat" }).waitFor();
    await context.close();
  });

  it("cancels without JavaScript through the same form", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await registerAndLogin(page, shop.url, { name: "Tanpa Skrip" });
    await addToCart(page, shop.url, { slug: await firstProductSlug(shop.url) });
    const orderId = await placeOrder(page, shop.url);
    const noScript = await shop.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    await noScript.addCookies(await context.cookies());
    const plain = await noScript.newPage();
    await plain.goto(`${shop.url}/orders/${orderId}`);
    await plain.getByText("Batalkan Pesanan", { exact: true }).click();
    await plain.getByRole("button", { name: "Ya, Batalkan Pesanan" }).click();
    await plain.waitForURL(`${shop.url}/orders/${orderId}`);
    await plain.getByText("Anda membatalkan pesanan ini").waitFor();
    await noScript.close();
    await context.close();
  });
});
