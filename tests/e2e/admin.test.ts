// A working day in the admin panel, at a desk: a customer orders for
// tomorrow morning; staff log in, find tomorrow morning's orders, change the status, enter
// the delivery fee agreed in the chat (the customer then sees it), print the invoice, and
// add a product with a photo that then appears in the shop. A customer who tries the
// dashboard is sent away and stays signed in.
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seedProducts } from "~/db/seed-data";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { DESKTOP, hasChromium, newContext, trackPageErrors, waitForHydration } from "../support/browser";
import {
  addToCart,
  adminLogin,
  nextWhatsAppTab,
  registerAndLogin,
  screenshot,
  setupBrowserShop,
  stubWhatsApp,
} from "../support/browser-shop";
import { post } from "../support/http";

// A real 200x200 photo-sized PNG. A 1-pixel image would not do: served through a srcset
// variant wider than the slot, the browser reports it 0.8 pixels wide, i.e. naturalWidth 0,
// which the shop rightly treats as a broken picture.
const PNG = await sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 90, g: 140, b: 60 } } })
  .png()
  .toBuffer();
const STAFF = { email: "dewi.staf@sayurjember.id", password: "Kangkung-Pagi-Hari-2026", name: "Dewi Staf" };

function seeded(slug: string) {
  const product = seedProducts.find((p) => p.slug === slug);
  if (!product) throw new Error(`seed product ${slug} missing`);
  return { ...product, charged: discountedPrice(product.price, product.discount) };
}

/** A customer buys one product for tomorrow morning and gets the order number from the chat. */
async function orderForTomorrowMorning(
  context: BrowserContext,
  page: Page,
  baseUrl: string,
  product: { name: string; slug: string },
): Promise<string> {
  await addToCart(page, baseUrl, product);
  await page.goto(`${baseUrl}/checkout`);
  // The choices below are the form's state once scripts run: make them after hydration.
  await waitForHydration(page);
  // Outside the areas: the fee is agreed in the chat and entered by staff below.
  await page.locator('select[name="area"]').selectOption("luar-area");
  await page.getByRole("radio", { name: /^Besok Pagi · / }).check();
  const chat = await nextWhatsAppTab(context, () => page.getByRole("button", { name: "Pesan Sekarang" }).click());
  const text = new URL(chat.url()).searchParams.get("text") ?? "";
  const number = text.match(/No\. Pesanan: #([0-9a-f]{8})/)?.[1];
  if (!number) throw new Error(`no order number in the chat message:\n${text}`);
  await page.waitForURL(/\/order-success/, { timeout: 10_000 });
  return number;
}

describe.skipIf(!hasChromium)("admin panel", () => {
  // Ten in the morning in Jember, whenever the suite runs: tomorrow morning's orders close at
  // 21:00, and the working day below starts with one.
  const shop = setupBrowserShop({
    staff: [STAFF],
    env: { NODE_ENV: "test", SHOP_CLOCK_START: "2026-11-25T10:00:00+07:00" },
  });

  // The working day is behaviour, not layout: it runs once, at the desk. Staff on a phone use
  // the same panel in delivery-sheet.test.ts, weigh-pay.test.ts and admin-settings.test.ts.
  const [label, size] = ["desktop", DESKTOP] as const;
  it(`runs tomorrow morning's orders and adds a product (${label})`, async () => {
    // --- A customer orders for tomorrow morning.
    const shopper = await newContext(shop.browser, size);
    await stubWhatsApp(shopper);
    const customerPage = await shopper.newPage();
    const customer = await registerAndLogin(customerPage, shop.url, { name: `Bu Ratna ${label}` });
    const product = seeded("wortel");
    const number = await orderForTomorrowMorning(shopper, customerPage, shop.url, product);

    // --- Staff log in and find tomorrow morning's orders.
    const staff = await newContext(shop.browser, size);
    const page = await staff.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, STAFF);
    await page.getByRole("heading", { name: "Ringkasan" }).waitFor();
    // The inbox and the live box of new orders must not read alike: 'Kotak Pesan' beside 'Pesanan Masuk'.
    const menu = page.getByRole("navigation", { name: "Menu admin" });
    expect(await menu.getByRole("link", { name: "Kotak Pesan" }).getAttribute("href")).toBe("/admin/inbox");
    await page.getByRole("heading", { name: "Pesanan Masuk" }).waitFor();
    expect(await page.locator("body").innerText()).not.toContain("Pesan Masuk");
    await page.getByRole("link", { name: "Besok Pagi" }).click();
    await page.waitForURL(/slot=pagi/);
    const row = page.locator("[data-order-id]:visible").filter({ has: page.getByRole("link", { name: `#${number}` }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(customer.name);
    expect(await row.textContent()).toContain("Menunggu");
    await screenshot(page, `admin-dashboard-${label}`);

    // --- Change the status from the list.
    await row.getByLabel(`Ubah status pesanan #${number}`).selectOption("processing");
    await expect
      .poll(() => page.getByTestId("flash").textContent())
      .toContain(`Status pesanan #${number} diubah menjadi Diproses.`);
    expect(new URL(page.url()).searchParams.get("slot")).toBe("pagi");
    expect(await row.getByText("Diproses", { exact: true }).first().isVisible()).toBe(true);

    // --- Set the delivery fee on the detail page.
    await row.getByRole("link", { name: "Detail" }).click();
    await page.getByRole("heading", { name: new RegExp(`Pesanan #${number}`) }).waitFor();
    expect(await page.getByTestId("delivery-fee").textContent()).toBe("Ditentukan oleh CS via WhatsApp");
    await page.getByLabel("Ongkir yang disepakati (Rp)").fill("abc");
    await page.getByRole("button", { name: "Simpan Ongkir" }).click();
    await page.getByText("Ongkir harus angka rupiah, mis. 11.000 atau 11000.").waitFor();
    await page.getByLabel("Ongkir yang disepakati (Rp)").fill("12000");
    await page.getByRole("button", { name: "Simpan Ongkir" }).click();
    // The order page answers where the form was pressed (it keeps its scroll; no page-wide message).
    await page
      .getByRole("status")
      .filter({ hasText: `Ongkir pesanan #${number} disimpan` })
      .waitFor();
    expect(await page.getByTestId("delivery-fee").textContent()).toBe(formatRupiah(12000));
    const history = await page.getByTestId("status-history").textContent();
    expect(history).toContain(STAFF.name);
    const chat = new URL((await page.getByRole("link", { name: "Hubungi via WhatsApp" }).getAttribute("href")) ?? "");
    expect(chat.origin + chat.pathname).toBe("https://wa.me/6281234567890");
    expect(chat.searchParams.get("text")).toContain(`#${number}`);
    await screenshot(page, `admin-order-${label}`);

    // --- Print the invoice: its own page, no shop navigation, the button not printed.
    const invoiceTab = staff.waitForEvent("page");
    await page.getByRole("link", { name: "Cetak Invoice" }).click();
    const invoice = await invoiceTab;
    await invoice.waitForLoadState("networkidle");
    const text = (await invoice.locator("main").textContent()) ?? "";
    for (const expected of [
      "Sayur Jember",
      `#${number}`,
      customer.name,
      product.name,
      formatRupiah(12000),
      formatRupiah(product.charged + 12000),
    ]) {
      expect(text).toContain(expected);
    }
    expect(await invoice.getByRole("link", { name: /keranjang/i }).count()).toBe(0);
    expect(await invoice.getByRole("button", { name: "Cetak" }).isVisible()).toBe(true);
    await invoice.emulateMedia({ media: "print" });
    expect(await invoice.getByRole("button", { name: "Cetak" }).isVisible()).toBe(false);
    await screenshot(invoice, `admin-invoice-${label}`);
    await invoice.close();

    // --- The customer now sees the fee and the grand total on their order.
    await customerPage.goto(`${shop.url}/orders`);
    await customerPage.getByRole("link", { name: new RegExp(`Pesanan #${number}`) }).click();
    await customerPage.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    expect(await customerPage.getByTestId("delivery-fee").textContent()).toBe(formatRupiah(12000));
    expect(await customerPage.getByTestId("order-total").textContent()).toBe(formatRupiah(product.charged + 12000));

    // --- Add a product with a photo; it appears in the shop.
    const name = `Jamur Tiram Segar ${label}`;
    await page.getByRole("navigation", { name: "Menu admin" }).getByRole("link", { name: "Produk" }).click();
    await page.getByRole("link", { name: "Tambah Produk" }).click();
    await page.getByLabel("Nama produk").fill(name);
    await page.getByLabel("Harga (Rp)").fill("15000");
    await page.getByLabel("Satuan").fill("per 250 g");
    await page.locator('input[name="stock"]').fill("12");
    await page.getByLabel("Kategori").selectOption({ label: "Sayur Daun" });
    await page.setInputFiles('input[name="image"]', { name: "jamur.png", mimeType: "image/png", buffer: PNG });
    await page.getByAltText("Pratinjau gambar produk").waitFor();
    await page.getByRole("button", { name: "Tambah Produk" }).click();
    await expect.poll(() => page.getByTestId("flash").textContent()).toContain(`Produk "${name}" ditambahkan.`);
    await screenshot(page, `admin-product-${label}`);

    const slug = `jamur-tiram-segar-${label}`;
    await customerPage.goto(`${shop.url}/products/${slug}`);
    await customerPage.getByRole("heading", { name }).waitFor();
    const photo = customerPage.locator('main img[src^="/uploads/products/"]').first();
    await photo.waitFor();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // --- A customer who tries the dashboard is sent to the admin login and stays signed in.
    await customerPage.goto(`${shop.url}/admin/dashboard`);
    expect(new URL(customerPage.url()).pathname).toBe("/admin/login");
    expect(await customerPage.content()).not.toContain(`#${number}`);
    await customerPage.goto(`${shop.url}/orders`);
    expect(new URL(customerPage.url()).pathname).toBe("/orders");

    // The one 400 is the refused fee "abc" above; the browser logs every 4xx answer.
    expect(errors.filter((e) => !e.includes("404") && !e.includes("400 (Bad Request)"))).toEqual([]);
    await staff.close();
    await shopper.close();
  });

  it("sends a visitor from every admin page to the admin login, leaking nothing", async () => {
    for (const url of [
      "/admin",
      "/admin/dashboard",
      "/admin/products",
      "/admin/inbox",
      "/admin/orders/export.csv?from=2026-01-01&to=2026-01-31",
    ]) {
      const response = await fetch(`${shop.url}${url}`, { redirect: "manual" });
      expect([302, 303]).toContain(response.status);
      expect(response.headers.get("location")).toBe("/admin/login");
    }
    const created = await post(
      shop.url,
      "/admin/categories",
      { intent: "create", name: "Peretas" },
      { headers: { Origin: shop.url } },
    );
    expect(created.headers.get("location")).toBe("/admin/login");
  });
});
