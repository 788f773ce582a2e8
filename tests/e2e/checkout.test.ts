// A customer buys from the product page, the shop's WhatsApp chat opens with the whole
// order, the thank-you page follows, and the order is in their list and detail; another
// customer cannot see it. On a phone.
import { describe, expect, it } from "vitest";
import { seedProducts } from "~/db/seed-data";
import { formatDateWithDay } from "~/lib/dates";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { linkFromMail } from "../support/server";
import {
  addToCart,
  nextWhatsAppTab,
  registerAndLogin,
  screenshot,
  setupBrowserShop,
  stubWhatsApp,
} from "../support/browser-shop";
import { configureBankAccount } from "../support/factories";

const SHOP_WHATSAPP = "6289876543210";
const rupiah = (n: number) => formatRupiah(n).replace(/\u00a0/g, " ");

function seeded(slug: string) {
  const product = seedProducts.find((p) => p.slug === slug);
  if (!product) throw new Error(`seed product ${slug} missing`);
  return { ...product, charged: discountedPrice(product.price, product.discount) };
}

describe.skipIf(!hasChromium)("checkout by WhatsApp", () => {
  // 10:00 on Wednesday 25 November in Jember: tomorrow's slots are open until 21:00.
  // The shop's own bank account entered (a fresh shop takes no transfers); the catalog is
  // seeded by the first start, under the test clock.
  const shop = setupBrowserShop({
    seed: configureBankAccount,
    sampleCatalog: false,
    env: { SHOP_WHATSAPP, NODE_ENV: "test", SHOP_CLOCK_START: "2026-11-25T10:00:00+07:00" },
  });

  // Behaviour, not layout: the purchase runs once, on a phone (most customers order on one);
  // accessibility.test.ts walks the same pages at both sizes.
  const [label, size] = ["phone", PHONE] as const;
  it(`buys from the product page, opens the chat with the order, then lists it (${label})`, async () => {
    const context = await newContext(shop.browser, size);
    await stubWhatsApp(context);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const customer = await registerAndLogin(page, shop.url, { name: `Dewi & Budi ${label}` });

    const wortel = seeded("wortel");
    // Tomatoes are weighed: the stepper starts at 0,5 kg and one press adds 0,25 kg.
    const tomat = seeded("tomat");
    expect(tomat).toMatchObject({ soldByWeight: true, weightMin: 500, weightStep: 250 });
    await addToCart(page, shop.url, wortel, 2);
    await page.goto(`${shop.url}/products/${tomat.slug}`);
    await waitForHydration(page);
    await page.getByText("Ditimbang", { exact: true }).first().waitFor();
    await page.getByText("Harga akhir mengikuti berat timbangan").first().waitFor();
    const stepper = page.getByRole("textbox", { name: `Jumlah ${tomat.name}` });
    expect(await stepper.inputValue()).toBe("0,5 kg");
    await page.getByRole("button", { name: "Tambah jumlah" }).first().click();
    expect(await stepper.inputValue()).toBe("0,75 kg");
    await page.getByRole("button", { name: "Tambah ke Keranjang" }).first().click();
    await page.getByText(`${tomat.name} telah ditambahkan ke keranjang belanja.`).waitFor();
    const tomatLine = Math.round((tomat.charged * 750) / 1000);

    await page.goto(`${shop.url}/cart`);
    await page.getByRole("textbox", { name: `Jumlah ${tomat.name}` }).waitFor();
    expect(await page.getByRole("textbox", { name: `Jumlah ${tomat.name}` }).inputValue()).toBe("0,75 kg");
    // A note and 'may substitute' for the tomatoes; the carrots keep the default.
    await page.getByRole("textbox", { name: `Catatan ${tomat.name}` }).fill("pilih yang merah");
    await page.getByRole("textbox", { name: `Catatan ${tomat.name}` }).blur();
    await page.getByRole("listitem").filter({ hasText: tomat.name }).getByText("Boleh diganti produk serupa").click();
    await screenshot(page, `cart-weighed-${label}`);

    await page.goto(`${shop.url}/checkout`);
    await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe(customer.name);
    const summary = page.getByRole("list", { name: "Produk yang dipesan" });
    await summary.getByText(wortel.name, { exact: true }).waitFor();
    const total = wortel.charged * 2 + tomatLine;
    await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe(formatRupiah(total));
    // The earliest open slot is chosen by default; no fee before an area is chosen.
    await page.getByTestId("waktu-dipilih").getByText("Besok Pagi · Kamis, 26 November · 05:00-07:00").waitFor();
    expect(await page.getByTestId("ongkir").textContent()).toBe("Pilih area");

    // Patrang: Rp 7.000, free from Rp 150.000 of products.
    const fee = total >= 150_000 ? 0 : 7000;
    await page.locator('select[name="area"]').selectOption("patrang");
    await expect.poll(() => page.getByTestId("ongkir").textContent()).toBe(fee === 0 ? "Gratis" : formatRupiah(fee));
    await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe(formatRupiah(total + fee));

    const notes = "Pagar hijau #2 & bel rusak? 🥬 Terima kasih ya";
    await page.fill('textarea[name="notes"]', notes);
    await page.getByRole("radio", { name: "Besok Sore · Kamis, 26 November · 16:00-18:00" }).check();
    await screenshot(page, `checkout-${label}`);

    const chat = await nextWhatsAppTab(context, () => page.getByRole("button", { name: "Pesan Sekarang" }).click());
    const chatUrl = new URL(chat.url());
    expect(chatUrl.origin + chatUrl.pathname).toBe(`https://wa.me/${SHOP_WHATSAPP}`);
    const text = chatUrl.searchParams.get("text") ?? "";
    const number = text.match(/No\. Pesanan: #([0-9a-f]{8})/)?.[1];
    expect(number).toBeTruthy();
    const lineText = (p: typeof wortel) =>
      p === wortel
        ? `${p.name} - 2 x ${rupiah(p.charged)} = ${rupiah(p.charged * 2)}`
        : `${p.name} - 0,75 kg x ${rupiah(p.charged)}/kg = ${rupiah(tomatLine)} (perkiraan, ditimbang)\n   Catatan: pilih yang merah\n   Boleh diganti produk serupa`;
    const [first, second] = [wortel, tomat].sort((a, b) => a.name.localeCompare(b.name));
    expect(text).toBe(
      [
        "Halo Sayur Jember, saya ingin memesan:",
        "",
        `No. Pesanan: #${number}`,
        `Nama: ${customer.name}`,
        `Alamat: ${customer.address}`,
        "Telepon: 6281234567890",
        "",
        "Daftar Pesanan:",
        `1. ${lineText(first)}`,
        `2. ${lineText(second)}`,
        "",
        `Subtotal (perkiraan): ${rupiah(total)}`,
        `Ongkir (Patrang): ${fee === 0 ? "Gratis" : rupiah(fee)}`,
        `Total (perkiraan): ${rupiah(total + fee)}`,
        `Pengiriman: ${formatDateWithDay("2026-11-26")}, Sore (16:00 - 18:00)`,
        `Catatan: ${notes}`,
        // The first active method is chosen unless the shopper picks another.
        "Metode Pembayaran: Transfer Bank",
        "",
        "Harga akhir mengikuti berat timbangan.",
        "Produk tanpa keterangan: Jangan diganti.",
        "Terima kasih.",
      ].join("\n"),
    );

    await page.getByText("Pesanan Berhasil", { exact: true }).waitFor();
    await page.getByText("Anda akan diarahkan ke WhatsApp untuk menyelesaikan pembayaran.").waitFor();
    await page.waitForURL(/\/order-success/, { timeout: 10_000 });
    await page.getByRole("heading", { name: "Pesanan Berhasil!" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBe("[]");
    await screenshot(page, `order-success-${label}`);
    // The page stays (the shopper may be in WhatsApp): the order's page and the chat are one tap away.
    await page.getByRole("link", { name: "Lihat Pesanan" }).waitFor();
    await page.getByRole("link", { name: /Buka WhatsApp lagi/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/order-success");

    await page.goto(`${shop.url}/orders`);
    const card = page.getByRole("link", { name: new RegExp(`Pesanan #${number}`) });
    await card.waitFor();
    expect(await card.textContent()).toContain("Menunggu");
    expect(await card.textContent()).toContain(formatRupiah(total + fee));
    await screenshot(page, `orders-${label}`);
    await card.click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split("/").pop() ?? "";
    expect(orderId.startsWith(number ?? "")).toBe(true);
    await page.getByRole("heading", { name: `Pesanan #${number}` }).waitFor();
    expect(await page.getByTestId("delivery-fee").textContent()).toBe(fee === 0 ? "Gratis" : formatRupiah(fee));
    expect(await page.getByTestId("order-total").textContent()).toBe(formatRupiah(total + fee));
    await page.getByText(notes).waitFor();
    await page.getByText(`0,75 kg × ${formatRupiah(tomat.charged)}/kg`).waitFor();
    await page.getByText("pilih yang merah").waitFor();
    const help = await page.getByRole("link", { name: "Butuh Bantuan?" }).getAttribute("href");
    expect(new URL(help ?? "").searchParams.get("text")).toBe(
      `Halo Sayur Jember, saya butuh bantuan untuk pesanan #${number}.`,
    );
    await screenshot(page, `order-detail-${label}`);
    // The 'order received' mail goes out through the mail queue, with the order's link and slot.
    await expect
      .poll(
        () =>
          shop.server
            .outbox()
            .some(
              (m) => m.text.includes(`Pesanan #${number} kami terima`) && linkFromMail(m.text, `/orders/${orderId}`),
            ),
        { timeout: 20_000 },
      )
      .toBe(true);

    // The profile's Pesanan tab lists it too, with 'Lihat Semua' to the full list.
    await page.goto(`${shop.url}/profile?tab=pesanan`);
    await page.getByRole("link", { name: new RegExp(`#${number}`) }).waitFor();
    expect(await page.getByRole("link", { name: "Lihat Semua" }).getAttribute("href")).toBe("/orders");
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);

    // Another customer: sent to their profile; neither the page nor its data request leaks the order.
    const otherContext = await newContext(shop.browser, size);
    const other = await otherContext.newPage();
    await registerAndLogin(other, shop.url, { name: "Orang Lain" });
    await other.goto(`${shop.url}/orders/${orderId}`);
    expect(new URL(other.url()).pathname).toBe("/profile");
    expect(await other.content()).not.toContain(notes.slice(0, 12));
    const dataResponse = await other.request.get(`${shop.url}/orders/${orderId}.data`, { maxRedirects: 0 });
    const body = await dataResponse.text();
    expect(body).not.toContain("Pagar hijau");
    expect(body).not.toContain(customer.address);
    expect(body).toContain("/profile");

    await other.goto(`${shop.url}/orders/bukan-pesanan`);
    await other.getByRole("heading", { name: "Pesanan Tidak Ditemukan" }).waitFor();
    await other.getByRole("link", { name: "Kembali ke Profil" }).waitFor();
    await otherContext.close();
    await context.close();
  });
});
