// The weigh-and-bill loop in the browser: a shopper orders shallots by weight with a note,
// staff type the weighed amount the Indonesian way, set the fee and press 'Tagihan Final',
// and the shopper's order page shows the packed line, 'Total akhir' and 'Riwayat Perubahan'.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRupiah } from "~/lib/money";
import {
  DESKTOP,
  hasChromium,
  launchBrowser,
  newContext,
  PHONE,
  trackPageErrors,
  waitForHydration,
} from "../support/browser";
import { createStaff, startTestServer, type TestServer } from "../support/server";
import { registerAndLogin, screenshot } from "./fixtures";

const STAFF = { email: "timbang@sayurjember.id", password: "Timbang-Segar-2026", name: "Rina Timbang" };

describe.skipIf(!hasChromium)("weigh, edit and bill an order", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    await createStaff(server, STAFF);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shallots ordered at 0,75 kg are weighed at 0,8 kg and billed as such", async () => {
    const shopper = await newContext(browser, PHONE);
    await shopper.route("https://wa.me/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
    const page = await shopper.newPage();
    const errors = trackPageErrors(page);
    await registerAndLogin(page, server.url, { name: "Bu Sri" });

    await page.goto(`${server.url}/products/bawang-merah`);
    const stepper = page.getByRole("textbox", { name: "Jumlah Bawang Merah" });
    expect(await stepper.inputValue()).toBe("0,25 kg");
    await page.getByRole("button", { name: "Tambah jumlah" }).first().click();
    await page.getByRole("button", { name: "Tambah jumlah" }).first().click();
    expect(await stepper.inputValue()).toBe("0,75 kg");
    await page.getByRole("button", { name: "Tambah ke Keranjang" }).first().click();
    await page.getByText("Bawang Merah telah ditambahkan ke keranjang belanja.").waitFor();

    await page.goto(`${server.url}/cart`);
    await page.getByRole("textbox", { name: "Catatan Bawang Merah" }).fill("yang besar-besar");
    await page.getByRole("textbox", { name: "Catatan Bawang Merah" }).blur();
    await page.goto(`${server.url}/checkout`);
    await waitForHydration(page);
    await page.getByText("yang besar-besar").waitFor();
    // Outside the areas: the fee is agreed in the chat and set by staff while weighing.
    await page.locator('select[name="area"]').selectOption("luar-area");
    const chat = shopper.waitForEvent("page", { predicate: (p) => p.url().startsWith("https://wa.me/") });
    await page.getByRole("button", { name: "Pesan Sekarang" }).click();
    const text = new URL((await chat).url()).searchParams.get("text") ?? "";
    expect(text).toContain("Bawang Merah - 0,75 kg x Rp 40.000/kg = Rp 30.000 (perkiraan, ditimbang)");
    expect(text).toContain("   Catatan: yang besar-besar");
    await page.waitForURL(/\/order-success/, { timeout: 15_000 });
    const orderId = new URL(page.url()).searchParams.get("order") ?? "";
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

    const staffContext = await newContext(browser, DESKTOP);
    const staff = await staffContext.newPage();
    const staffErrors = trackPageErrors(staff);
    await staff.goto(`${server.url}/admin/login`);
    await staff.fill('input[name="email"]', STAFF.email);
    await staff.fill('input[name="password"]', STAFF.password);
    await staff.getByRole("button", { name: "Masuk", exact: true }).click();
    await staff.waitForURL(`${server.url}/admin/dashboard`, { timeout: 15_000 });
    await staff.goto(`${server.url}/admin/orders/${orderId}`);
    await staff.getByText("Catatan:").first().waitFor();
    await staff.getByLabel("Berat aktual Bawang Merah (kg)").fill("0,8");
    await staff.getByRole("button", { name: "Simpan Berat" }).click();
    await staff.getByText("Berat Bawang Merah menjadi 0,8 kg").waitFor();
    await staff.fill('input[name="deliveryFee"]', "5000");
    await staff.locator('form:has(input[name="deliveryFee"]) button[type="submit"]').click();
    await staff.getByText(/Ongkos kirim pesanan #.* disimpan/).waitFor();
    await staff.getByRole("button", { name: "Tagihan Final" }).click();
    await staff.getByText(/Tagihan final pesanan #.* siap/).waitFor();
    expect(await staff.getByTestId("final-total").textContent()).toBe(formatRupiah(32000 + 5000));
    const billLink = await staff.getByRole("link", { name: "Kirim Tagihan via WhatsApp" }).getAttribute("href");
    const bill = new URL(billLink ?? "");
    expect(bill.pathname).toBe("/6281234567890");
    expect(bill.searchParams.get("text")).toContain("Bawang Merah - 0,8 kg = Rp 32.000");
    expect(bill.searchParams.get("text")).toContain("Total akhir: Rp 37.000");
    // A fresh shop's payment methods: transfer to the sample account, or cash to the courier.
    expect(bill.searchParams.get("text")).toContain("Transfer Bank Rp 37.000 ke:");
    expect(bill.searchParams.get("text")).toContain("Bayar di Tempat (COD): siapkan uang tunai Rp 37.000 untuk kurir.");
    await screenshot(staff, "admin-order-final-desktop");
    await staff.setViewportSize(PHONE);
    await screenshot(staff, "admin-order-final-phone");

    await page.goto(`${server.url}/orders/${orderId}`);
    await page.getByRole("heading", { name: "Tagihan Final" }).waitFor();
    expect(await page.getByTestId("final-total").textContent()).toBe(formatRupiah(37000));
    await page.getByText("Bawang Merah: 0,75 kg → 0,8 kg", { exact: false }).waitFor();
    await page.getByText(`0,8 kg × ${formatRupiah(40000)}/kg`).waitFor();
    await page.getByRole("button", { name: "Salin nomor rekening BRI" }).click();
    await page.getByText("Disalin").first().waitFor();
    await screenshot(page, "order-final-bill-phone");

    await staff.setViewportSize(DESKTOP);
    await staff.goto(`${server.url}/admin/settings#metode-pembayaran`);
    await staff.getByRole("heading", { name: "Metode Pembayaran" }).waitFor();
    await screenshot(staff, "admin-settings-payment-desktop");
    expect(errors.filter((e) => !e.includes("404"))).toEqual([]);
    expect(staffErrors.filter((e) => !e.includes("404"))).toEqual([]);
    await staffContext.close();
    await shopper.close();
  });
});
