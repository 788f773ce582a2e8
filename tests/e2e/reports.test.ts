// 'Laporan Penjualan' in the browser: the owner opens it from the admin menu on a phone, reads
// the chart (an image with a name) and the figures, picks a range, is told in Indonesian when
// the range is wrong, downloads the CSV; a staff member gets the owner-only page.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { addDays, shopDate } from "~/lib/dates";
import { setOrderStatus } from "~/server/orders/status.server";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors } from "../support/browser";
import { createOrder, createProduct, createUser, type TestUser } from "../support/factories";
import { adminLogin, screenshot, setupBrowserShop } from "../support/browser-shop";

let owner: TestUser;
let staff: TestUser;
const today = shopDate(new Date());

const shop = setupBrowserShop({
  async seed(db) {
    owner = await createUser(db, { role: "admin", name: "Bu Pemilik" });
    staff = await createUser(db, { role: "staff", name: "Mas Staf" });
    const customer = await createUser(db, { name: "Siti Aminah" });
    const bayam = await createProduct(db, { name: "Bayam Hijau", price: 5000, unit: "per ikat", stock: 10_000 });
    const telur = await createProduct(db, {
      name: "Telur Ayam Kampung",
      price: 2500,
      unit: "per butir",
      stock: 10_000,
    });
    const tomat = await createProduct(db, {
      name: "Tomat Merah",
      price: 18_000,
      unit: "per kg",
      soldByWeight: true,
      weightStep: 250,
      weightMin: 250,
      stock: 1_000_000,
    });
    // A month of orders, every day a little different, noon in Jember.
    for (let i = 0; i < 30; i++) {
      const day = addDays(today, -i);
      const order = await createOrder(db, {
        userId: customer.id,
        createdAt: new Date(`${day}T12:00:00+07:00`),
        deliverySlot: i % 3 === 0 ? "sore" : "pagi",
        deliveryFee: 5000,
        items: [
          { productId: bayam.id, quantity: 1 + (i % 4) },
          { productId: telur.id, quantity: 10 },
          { productId: tomat.id, quantity: 250 * (1 + (i % 6)) },
        ],
      });
      if (i % 9 === 4) await setOrderStatus(db, owner, { orderId: order.id, status: "cancelled" });
    }
  },
});

describe.skipIf(!hasChromium)("Laporan Penjualan", () => {
  it("works for the owner on a phone: chart, figures, range, CSV", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, owner);
    await page.getByRole("navigation", { name: "Menu admin" }).getByRole("link", { name: "Laporan" }).click();
    await page.getByRole("heading", { level: 1, name: "Laporan Penjualan" }).waitFor();
    await expect.poll(() => page.title()).toBe("Laporan Penjualan | Admin");

    // The chart is an image with a name and a description, drawn on the server.
    const chart = page.getByRole("img", { name: /Grafik pendapatan per hari/ });
    expect(await chart.count()).toBe(1);
    expect(await page.locator('[data-testid="revenue-chart"] rect').count()).toBe(30);
    // 30 orders, 3 of them cancelled (4, 13 and 22 days ago): 27 counted.
    const totals = page.getByTestId("report-totals");
    expect(await totals.textContent()).toContain("Pesanan27");
    expect(await totals.textContent()).toContain("Dibatalkan3");
    // Weighed best sellers in kilograms, Indonesian notation.
    const weight = page.getByTestId("top-weight");
    expect(await weight.textContent()).toMatch(/Tomat Merah\d+(,\d+)? kg/);
    // Payment totals: nothing was marked paid, so every counted order is still 'Belum Bayar'.
    expect(await page.getByTestId("report-payments").textContent()).toContain("Belum Bayar27");
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "reports-phone");
    // The day-by-day figures open under the chart, newest day first, as a table with column names.
    await page.getByText("Tabel pendapatan per hari").click();
    const days = page.getByTestId("report-days");
    expect(await days.getByRole("columnheader").allTextContents()).toEqual([
      "Tanggal",
      "Pesanan",
      "Pendapatan",
      "Batal",
    ]);
    expect(await days.locator("tbody tr").count()).toBe(30);
    await screenshot(page, "reports-days-phone");

    // A range the wrong way round: the message says so, the last 30 days stay shown.
    await page.getByLabel("Dari tanggal").fill(today);
    await page.getByLabel("Sampai tanggal").fill(addDays(today, -10));
    await page.getByRole("button", { name: "Tampilkan" }).click();
    await page.getByText("Tanggal awal harus sama dengan atau sebelum tanggal akhir.").waitFor();

    // The last 7 days.
    await page.getByRole("link", { name: "7 hari" }).click();
    await page.waitForURL(`${shop.url}/admin/reports?from=${addDays(today, -6)}&to=${today}`);
    await expect.poll(() => page.locator('[data-testid="revenue-chart"] rect').count()).toBe(7);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Unduh CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`laporan-penjualan-${addDays(today, -6)}-sd-${today}.csv`);
    const file = await download.path();
    const csv = readFileSync(file, "utf8");
    expect(csv).toContain("Pendapatan (Rp);");
    expect(csv).toContain("Produk terlaris menurut berat (ditimbang);Berat (kg);Satuan;Pendapatan (Rp)");
    // The wrong range was answered 400 on purpose (the browser logs that); nothing else went wrong.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  });

  it("reads well on a desktop, and staff get the owner-only page", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    await adminLogin(page, shop.url, owner);
    await page.goto(`${shop.url}/admin/reports`);
    await page.getByRole("heading", { level: 1, name: "Laporan Penjualan" }).waitFor();
    await screenshot(page, "reports-desktop");
    await context.close();

    const staffContext = await newContext(shop.browser, PHONE);
    const staffPage = await staffContext.newPage();
    await adminLogin(staffPage, shop.url, staff);
    const nav = staffPage.getByRole("navigation", { name: "Menu admin" });
    expect(await nav.getByRole("link", { name: "Laporan" }).count()).toBe(0);
    const response = await staffPage.goto(`${shop.url}/admin/reports`);
    expect(response?.status()).toBe(403);
    await staffPage.getByRole("heading", { name: "Khusus Pemilik" }).waitFor();
    await staffContext.close();
  });
});
