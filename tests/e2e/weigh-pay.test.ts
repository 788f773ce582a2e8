// The weigh-and-pay loop in the browser, on a phone: a shopper orders shallots by weight with
// a note, and a bunch of spinach, and chooses 'Transfer Bank' at checkout; staff mark the
// spinach 'Tidak Tersedia' (press 'Batalkan' to put it back, then remove it again), type the
// weighed amount the Indonesian way, set the fee and press 'Tagihan Final' (the fee is then no
// longer a form); the shopper sees the final bill with the account to pay and uploads a proof
// ('Menunggu Verifikasi'); staff press 'Tolak Bukti' with a reason, the shopper reads it and
// sends the right one in the WhatsApp chat, which staff attach ('Lampirkan Bukti'); staff press
// 'Tandai Lunas' for a little more than due; the difference shows as 'Saldo' on the profile and
// is taken off the next order's bill.
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { formatRupiah } from "~/lib/money";
import { hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import {
  addToCart,
  adminLogin,
  nextWhatsAppTab,
  registerAndLogin,
  screenshot,
  setupBrowserShop,
  stubWhatsApp,
} from "../support/browser-shop";
import { configureBankAccount } from "../support/factories";

const STAFF = { email: "timbang@sayurjember.id", password: "Timbang-Segar-2026", name: "Rina Timbang" };

describe.skipIf(!hasChromium)("weigh, edit and bill an order", () => {
  // The shop's own account entered: a fresh shop takes no transfers.
  const shop = setupBrowserShop({ staff: [STAFF], seed: configureBankAccount });

  // Behaviour, not layout: the loop runs once, on the phones shopper and staff use at the shop.
  it.each([["phone", PHONE]] as const)(
    "at %s size: shallots ordered at 0,75 kg are weighed at 0,8 kg and billed as such",
    async (size, viewport) => {
      const shot = (p: Page, name: string) => screenshot(p, `${name}-${size}`);
      const shopper = await newContext(shop.browser, viewport);
      await stubWhatsApp(shopper);
      const page = await shopper.newPage();
      const errors = trackPageErrors(page);
      await registerAndLogin(page, shop.url, { name: "Bu Sri" });

      await page.goto(`${shop.url}/products/bawang-merah`);
      // The stepper is the page's script, which starts after the first paint.
      await waitForHydration(page);
      const stepper = page.getByRole("textbox", { name: "Jumlah Bawang Merah" });
      expect(await stepper.inputValue()).toBe("0,25 kg");
      await page.getByRole("button", { name: "Tambah jumlah" }).first().click();
      await page.getByRole("button", { name: "Tambah jumlah" }).first().click();
      expect(await stepper.inputValue()).toBe("0,75 kg");
      await page.getByRole("button", { name: "Tambah ke Keranjang" }).first().click();
      await page.getByText("Bawang Merah telah ditambahkan ke keranjang belanja.").waitFor();
      // A bunch of spinach too, which turns out to be sold out at packing.
      await addToCart(page, shop.url, { slug: "bayam", name: "Bayam Hijau" });

      await page.goto(`${shop.url}/cart`);
      await waitForHydration(page);
      await page.getByRole("textbox", { name: "Catatan Bawang Merah" }).fill("yang besar-besar");
      await page.getByRole("textbox", { name: "Catatan Bawang Merah" }).blur();
      await page.goto(`${shop.url}/checkout`);
      await waitForHydration(page);
      await page.getByText("yang besar-besar").waitFor();
      // Outside the areas: the fee is agreed in the chat and set by staff while weighing.
      await page.locator('select[name="area"]').selectOption("luar-area");
      // The shop takes transfers to its own account and cash on delivery.
      const methods = page.getByRole("group", { name: "Pilih metode pembayaran" }).getByRole("radio");
      expect(await methods.count()).toBe(2);
      await page.getByRole("radio", { name: /Transfer Bank/ }).check();
      await page.getByRole("heading", { name: "Metode Pembayaran" }).scrollIntoViewIfNeeded();
      await shot(page, "checkout-payment-method");
      const chat = await nextWhatsAppTab(shopper, () => page.getByRole("button", { name: "Pesan Sekarang" }).click());
      const text = new URL(chat.url()).searchParams.get("text") ?? "";
      expect(text).toContain("Metode Pembayaran: Transfer Bank");
      expect(text).toContain("Bawang Merah - 0,75 kg x Rp 40.000/kg = Rp 30.000 (perkiraan, ditimbang)");
      expect(text).toContain("   Catatan: yang besar-besar");
      expect(text).toContain("Bayam Hijau");
      await page.waitForURL(/\/order-success/, { timeout: 15_000 });
      const orderId = new URL(page.url()).searchParams.get("order") ?? "";
      expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

      // Staff weigh and bill on the same size of screen.
      const staffContext = await newContext(shop.browser, viewport);
      const staff = await staffContext.newPage();
      const staffErrors = trackPageErrors(staff);
      await adminLogin(staff, shop.url, STAFF);
      await staff.goto(`${shop.url}/admin/orders/${orderId}`);
      await staff.getByText("Catatan:").first().waitFor();
      // The page's forms ask before 'Tidak Tersedia' and 'Tagihan Final' once its scripts run.
      await waitForHydration(staff);
      // Each line's heading names its product (every line also lists all products to swap in).
      const lines = staff.getByTestId("edit-line");
      const spinach = lines.filter({ has: staff.locator("p", { hasText: "Bayam Hijau" }) });
      await spinach.getByRole("button", { name: "Tidak Tersedia" }).click();
      await staff.getByRole("dialog").getByRole("button", { name: "Ya, Tidak Tersedia" }).click();
      await staff.getByText("'Bayam Hijau' dihapus.").waitFor();
      expect(await spinach.count()).toBe(0);
      expect(await lines.count()).toBe(1);
      // A wrong line is put back where it was removed, then removed again for good.
      await shot(staff, "admin-order-removed-undo");
      await staff.getByRole("button", { name: "Batalkan", exact: true }).click();
      await staff.getByText("'Bayam Hijau' dikembalikan ke pesanan.").waitFor();
      await spinach.waitFor();
      expect(await lines.count()).toBe(2);
      await staff.getByText("Bayam Hijau 1 per ikat dikembalikan", { exact: false }).waitFor();
      await spinach.getByRole("button", { name: "Tidak Tersedia" }).click();
      await staff.getByRole("dialog").getByRole("button", { name: "Ya, Tidak Tersedia" }).click();
      await staff.getByText("'Bayam Hijau' dihapus.").waitFor();
      expect(await lines.count()).toBe(1);
      await staff.getByLabel("Berat aktual Bawang Merah (kg)").fill("0,8");
      await staff.getByRole("button", { name: "Simpan Berat" }).click();
      await staff.getByText("Berat Bawang Merah menjadi 0,8 kg").waitFor();
      await staff.fill('input[name="deliveryFee"]', "5000");
      await staff.locator('form:has(input[name="deliveryFee"]) button[type="submit"]').click();
      await staff.getByText(/Ongkir pesanan #.* disimpan/).waitFor();
      await staff.getByRole("button", { name: "Tagihan Final" }).click();
      await staff.getByRole("dialog").getByRole("button", { name: "Ya, Tagihan Final" }).click();
      await staff.getByText(/Tagihan final pesanan #.* siap/).waitFor();
      // No SMTP on this shop: the bill is "made", never "sent", and WhatsApp is the way to send it.
      await staff.getByText("E-mail belum aktif: tagihan belum terkirim, kirim lewat WhatsApp.").first().waitFor();
      await staff.getByTestId("bill-not-mailed").waitFor();
      const billCards = staff.locator(
        'section[aria-labelledby="tagihan-title"], section[aria-labelledby="riwayat-perubahan-title"]',
      );
      expect(await billCards.count()).toBe(2);
      expect((await billCards.allInnerTexts()).join("\n")).not.toMatch(/dikirim/);
      await staff.getByTestId("bill-not-mailed").scrollIntoViewIfNeeded();
      await screenshot(staff, `bill-not-mailed-${size}`, { fullPage: false });
      expect(await staff.getByTestId("final-total").textContent()).toBe(formatRupiah(32000 + 5000));
      // The fee is part of the final bill: shown, no longer a form.
      expect(await staff.getByTestId("delivery-fee-locked").textContent()).toContain("Tagihan sudah final");
      expect(await staff.locator('input[name="deliveryFee"]').count()).toBe(0);
      const billLink = await staff.getByRole("link", { name: "Kirim Tagihan via WhatsApp" }).getAttribute("href");
      const bill = new URL(billLink ?? "");
      expect(bill.pathname).toBe("/6281234567890");
      expect(bill.searchParams.get("text")).toContain("Bawang Merah - 0,8 kg = Rp 32.000");
      expect(bill.searchParams.get("text")).toContain("Total akhir: Rp 37.000");
      // The method the shopper chose, with the shop's own account and the exact amount with its kode unik.
      expect(bill.searchParams.get("text")).toMatch(/Transfer Bank: Transfer tepat Rp 37\.\d{3} ke:/);
      expect(bill.searchParams.get("text")).toContain("3 digit terakhir adalah kode unik");
      expect(bill.searchParams.get("text")).not.toContain("Bayar di Tempat (COD)");
      expect(bill.searchParams.get("text")).not.toContain("Bayam Hijau");
      await shot(staff, "admin-order-final");

      await page.goto(`${shop.url}/orders/${orderId}`);
      await page.getByRole("heading", { name: "Tagihan Final" }).waitFor();
      expect(await page.getByTestId("final-total").textContent()).toBe(formatRupiah(37000));
      await page.getByText("Bawang Merah: 0,75 kg → 0,8 kg", { exact: false }).waitFor();
      await page.getByText("Bayam Hijau 1 per ikat tidak tersedia", { exact: false }).first().waitFor();
      await page.getByText("Bayam Hijau 1 per ikat dikembalikan", { exact: false }).waitFor();
      await page.getByText(`0,8 kg × ${formatRupiah(40000)}/kg`).waitFor();
      expect(await page.getByTestId("amount-due").textContent()).toBe(formatRupiah(37000));
      await waitForHydration(page);
      await page.getByRole("button", { name: "Salin nomor rekening BRI" }).click();
      await page.getByText("Disalin").first().waitFor();
      expect(await page.getByTestId("payment-status").first().textContent()).toBe("Belum Bayar");
      await shot(page, "order-final-bill");

      // 'Unggah Bukti Bayar': the photo of the transfer receipt, first the wrong one.
      await uploadProof(page, "#ffebee");
      await page.getByText("dan sedang diperiksa staf", { exact: false }).waitFor();
      await shot(page, "order-proof-sent");

      // Staff find it in the list, and refuse it with a reason the shopper reads.
      await staff.goto(`${shop.url}/admin/dashboard?payment=pending`);
      // A card on a phone, a table row on a desktop: whichever the screen shows.
      await staff.locator(`[data-order-id="${orderId}"]:visible`).waitFor();
      await shot(staff, "admin-list-payment-filter");
      await staff.goto(`${shop.url}/admin/orders/${orderId}#pembayaran`);
      await staff.getByRole("img", { name: "Bukti bayar dari pelanggan" }).waitFor();
      await staff.fill('textarea[name="reason"]', "Nominal transfer tidak sesuai");
      await staff.getByRole("button", { name: "Tolak Bukti" }).click();
      await staff.getByText(/Bukti bayar pesanan #.* ditolak\./).waitFor();

      await page.goto(`${shop.url}/orders/${orderId}`);
      await page
        .getByText("Bukti bayar ditolak: Nominal transfer tidak sesuai. Silakan unggah bukti yang benar.")
        .waitFor();
      expect(await page.getByTestId("payment-status").first().textContent()).toBe("Ditolak");
      await page.getByRole("button", { name: "Unggah Ulang Bukti Bayar" }).waitFor();
      await shot(page, "order-proof-rejected");

      // The shopper sends the right receipt in the WhatsApp chat instead; staff attach it.
      await staff.goto(`${shop.url}/admin/orders/${orderId}#pembayaran`);
      await waitForHydration(staff);
      await staff.locator('input[name="proof"]').setInputFiles({
        name: "bukti-dari-wa.jpg",
        mimeType: "image/jpeg",
        buffer: await sharp({ create: { width: 600, height: 900, channels: 3, background: "#e8f5e9" } })
          .jpeg()
          .toBuffer(),
      });
      await staff.getByText("Dipilih: bukti-dari-wa.jpg").waitFor();
      await staff.getByRole("button", { name: "Lampirkan Bukti" }).click();
      await staff
        .getByText("Bukti bayar dilampirkan. Status pembayaran: Menunggu Verifikasi.", { exact: false })
        .waitFor();
      await staff.getByTestId("proof-source").getByText("Dilampirkan staf dari chat WhatsApp").waitFor();
      await staff.getByText("Bukti bayar dari WhatsApp dilampirkan staf").first().waitFor();
      await page.goto(`${shop.url}/orders/${orderId}`);
      expect(await page.getByTestId("payment-status").first().textContent()).toBe("Menunggu Verifikasi");

      // Staff see the new proof and mark Rp 40.000 received for Rp 37.000.
      const proof = staff.getByRole("img", { name: "Bukti bayar dari chat WhatsApp" });
      await proof.waitFor();
      await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // The attached (green) receipt, not the refused (pink) one the page showed before.
      await expect
        .poll(() =>
          proof.evaluate((img: HTMLImageElement) => {
            const canvas = document.createElement("canvas");
            canvas.width = 1;
            canvas.height = 1;
            const context = canvas.getContext("2d");
            context?.drawImage(img, 0, 0, 1, 1);
            const [red, green] = context?.getImageData(0, 0, 1, 1).data ?? [0, 0];
            return green > red;
          }),
        )
        .toBe(true);
      // 'Tandai Lunas' proposes the amount asked: the bill plus its kode unik.
      expect(await staff.locator('input[name="paidAmount"]').inputValue()).toMatch(/^37\d{3}$/);
      await staff.locator('input[name="paidAmount"]').fill("40.000");
      await shot(staff, "admin-order-payment");
      // The same page on the shop's desktop.
      await staff.setViewportSize({ width: 1280, height: 800 });
      await screenshot(staff, "admin-order-payment-desktop");
      await staff.setViewportSize(viewport);
      await staff.getByRole("button", { name: "Tandai Lunas" }).click();
      // Over the amount asked goes to 'Saldo', and so does the kode unik: Rp 3.000 in all (checked below).
      await staff.getByText(/Lunas\. Selisih \+Rp.[\d.]+ masuk Saldo pelanggan\./).waitFor();
      await shot(staff, "admin-order-paid");

      await page.goto(`${shop.url}/orders/${orderId}`);
      expect(await page.getByTestId("payment-status").first().textContent()).toBe("Lunas");
      await page.goto(`${shop.url}/profile`);
      expect(await page.getByTestId("saldo").textContent()).toContain(formatRupiah(3000));
      await shot(page, "profile-saldo");

      // The next order pays Rp 3.000 less, and both orders say why.
      const second = await orderAgain(page, shopper, shop.url);
      await staff.goto(`${shop.url}/admin/orders/${second}`);
      await waitForHydration(staff);
      await staff.fill('input[name="deliveryFee"]', "5000");
      await staff.locator('form:has(input[name="deliveryFee"]) button[type="submit"]').click();
      await staff.getByText(/Ongkir pesanan #.* disimpan/).waitFor();
      await staff.getByRole("button", { name: "Tagihan Final" }).click();
      await staff.getByRole("dialog").getByRole("button", { name: "Ya, Tagihan Final" }).click();
      await staff.getByText(/Tagihan final pesanan #.* siap/).waitFor();
      await page.goto(`${shop.url}/orders/${second}`);
      // 0,25 kg x Rp 40.000 + Rp 5.000 - Rp 3.000
      expect(await page.getByTestId("final-total").textContent()).toBe(formatRupiah(15000));
      expect(await page.getByTestId("amount-due").textContent()).toBe(formatRupiah(12000));
      await page.getByText(`dari pesanan #${orderId.slice(0, 8)} dipotong dari tagihan`, { exact: false }).waitFor();
      await page.getByText(`siapkan uang tunai ${formatRupiah(12000)} untuk kurir`, { exact: false }).waitFor();
      await shot(page, "order-saldo-applied");
      await page.goto(`${shop.url}/orders/${orderId}`);
      await page.getByText(`dibawa ke tagihan pesanan #${second.slice(0, 8)}`, { exact: false }).waitFor();

      await staff.goto(`${shop.url}/admin/settings#metode-pembayaran`);
      await staff.getByRole("heading", { name: "Metode Pembayaran" }).waitFor();
      await shot(staff, "admin-settings-payment");
      expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
      expect(staffErrors.filter((e) => !e.includes("404"))).toEqual([]);
      await staffContext.close();
      await shopper.close();
    },
  );
});

/** 'Unggah Bukti Bayar' with a photo of a receipt (sent as soon as it is picked), until the page says it waits for staff. */
async function uploadProof(page: Page, background: string) {
  await page.locator('input[name="proof"]').setInputFiles({
    name: "bukti-transfer.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 600, height: 900, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  });
  await expect
    .poll(() => page.getByTestId("payment-status").first().textContent(), { timeout: 15_000 })
    .toBe("Menunggu Verifikasi");
}

/** A second order of shallots, 0,25 kg, paid cash on delivery. */
async function orderAgain(page: Page, shopper: BrowserContext, url: string) {
  await addToCart(page, url, { slug: "bawang-merah", name: "Bawang Merah" });
  await page.goto(`${url}/checkout`);
  await waitForHydration(page);
  await page.locator('select[name="area"]').selectOption("luar-area");
  await page.getByRole("radio", { name: /Bayar di Tempat \(COD\)/ }).check();
  const chat = await nextWhatsAppTab(shopper, () => page.getByRole("button", { name: "Pesan Sekarang" }).click());
  expect(new URL(chat.url()).searchParams.get("text")).toContain("Metode Pembayaran: Bayar di Tempat (COD)");
  await page.waitForURL(/\/order-success/, { timeout: 15_000 });
  return new URL(page.url()).searchParams.get("order") ?? "";
}
