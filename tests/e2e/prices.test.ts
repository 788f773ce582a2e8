// 'Harga Hari Ini' in the browser. On a phone (390x844) a staff member types prices the
// market's way (38rb), Enter moves down the column, leaving with unsaved changes asks first,
// and 'Simpan Semua' saves. At the desk (1280x800) a price is set for tomorrow 04:00 ('Berlaku
// mulai'), the board's 'Riwayat Harga' shows the morning's change, and the board saves as a
// plain form with scripts turned off.
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { adminLogin, screenshot, setupBrowserShop } from "../support/browser-shop";
import { createCategory, createProduct, createUser, type TestUser } from "../support/factories";

let staff: TestUser;
let owner: TestUser;
const ids: Record<string, string> = {};

async function seed(db: Database) {
  staff = await createUser(db, { role: "staff", name: "Dewi Staf" });
  owner = await createUser(db, { role: "admin", name: "Bu Pemilik" });
  const sayur = await createCategory(db, "Sayur Pagi");
  const bumbu = await createCategory(db, "Bumbu Dapur");
  const rows = [
    ["cabai", "Cabai Rawit Merah", bumbu.id, 60_000, 10, false],
    ["bawang", "Bawang Merah Probolinggo", bumbu.id, 40_000, 5, false],
    ["tomat", "Tomat Sayur", sayur.id, 14_000, 3000, true],
    ["bayam", "Bayam Hijau", sayur.id, 4_000, 20, false],
    ["kangkung", "Kangkung Air", sayur.id, 3_000, 15, false],
  ] as const;
  for (const [key, name, categoryId, price, stock, soldByWeight] of rows) {
    const p = await createProduct(db, {
      name,
      slug: key,
      categoryId,
      price,
      stock,
      soldByWeight,
      unit: soldByWeight ? "per kg" : "per ikat",
    });
    ids[key] = p.id;
  }
}

describe.skipIf(!hasChromium)("'Harga Hari Ini'", () => {
  const shop = setupBrowserShop({ seed, sampleCatalog: false });

  it("types prices like a spreadsheet, warns before leaving unsaved, saves all at once (phone)", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, staff);
    await page.goto(`${shop.url}/admin/prices`);
    await waitForHydration(page);
    await screenshot(page, "prices/board-390");

    const price = (key: string) => page.locator(`input[name="price:${ids[key]}"]`);
    const stock = (key: string) => page.locator(`input[name="stock:${ids[key]}"]`);
    await price("bawang").fill("38rb");
    await price("bawang").press("Enter");
    // Enter goes down the column: the next product of the board (by category, then name).
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe(`price:${ids.cabai}`);
    await page.keyboard.type("65.000");
    await stock("cabai").fill("25");
    await page.getByText("Hanya yang berubah (2)").click();
    expect(await page.locator("li[data-row]:visible").count()).toBe(2);
    await screenshot(page, "prices/board-390-changed");

    // Leaving with unsaved changes asks first; staying keeps what was typed.
    let asked = "";
    const link = page.locator('a[href="/admin/dashboard"]').first();
    page.once("dialog", async (dialog) => {
      asked = dialog.message();
      await dialog.dismiss();
    });
    await link.evaluate((a: HTMLAnchorElement) => a.click());
    await expect.poll(() => asked).toBe("Ada perubahan harga yang belum disimpan. Tinggalkan halaman ini?");
    expect(page.url()).toContain("/admin/prices");

    await page.getByRole("button", { name: "Simpan Semua" }).click();
    await page.getByTestId("flash").getByText("Tersimpan: 2 harga diperbarui, 1 stok diperbarui.").waitFor();
    expect(await price("bawang").inputValue()).toBe("38.000");
    expect(await price("cabai").inputValue()).toBe("65.000");
    expect(await stock("cabai").inputValue()).toBe("25");
    await page.getByTestId("riwayat-harga").getByText("Rp 40.000 → Rp 38.000").waitFor();
    await screenshot(page, "prices/board-390-saved");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sets tomorrow's price tonight and saves as a plain form without scripts (desktop)", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, staff);
    await page.getByRole("link", { name: "Harga Hari Ini" }).first().click();
    await page.waitForURL(`${shop.url}/admin/prices`);
    await waitForHydration(page);

    await page.locator(`input[name="price:${ids.bayam}"]`).fill("5000");
    await page.getByLabel("Berlaku mulai").check();
    expect(await page.getByLabel("Jam berlaku").inputValue()).toBe("04:00");
    await page.getByRole("button", { name: "Simpan Semua" }).click();
    await page
      .getByTestId("flash")
      .getByText(/1 harga berlaku mulai/)
      .waitFor();
    // Today's price stays until then; the row says what comes.
    expect(await page.locator(`input[name="price:${ids.bayam}"]`).inputValue()).toBe("4.000");
    await page
      .locator('li[data-row="bayam"]')
      .getByText(/Mulai .*: Rp\s5\.000/)
      .waitFor();
    await screenshot(page, "prices/board-1280");
    expect(errors).toEqual([]);
    await context.close();

    const plain = await newContext(shop.browser, DESKTOP, { javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await adminLogin(noScript, shop.url, staff);
    await noScript.goto(`${shop.url}/admin/prices?q=kangkung`);
    expect(await noScript.locator("li[data-row]").count()).toBe(1);
    await noScript.locator(`input[name="price:${ids.kangkung}"]`).fill("3.500");
    await noScript.getByRole("button", { name: "Simpan Semua" }).click();
    await noScript.waitForURL(`${shop.url}/admin/prices`);
    expect(await noScript.locator(`input[name="price:${ids.kangkung}"]`).inputValue()).toBe("3.500");
    await screenshot(noScript, "prices/board-1280-no-script");
    await plain.close();
  });

  it("uploads a CSV, shows the dry run, applies it, and the product page charts its price (desktop)", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, owner);
    await page.goto(`${shop.url}/admin/prices`);
    await waitForHydration(page);
    const file = [
      "slug;nama;harga;stok;catatan",
      "tomat;Tomat Sayur;15rb;;naik",
      "bayam;Bayam Hijau;;;",
      "kangkung;Kangkung Air;murah;;",
    ].join("\r\n");
    await page
      .locator('input[name="file"]')
      .setInputFiles({ name: "harga.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Unggah CSV" }).click();
    const preview = page.getByRole("region", { name: /Pratinjau CSV/ });
    await preview.waitFor();
    expect(await preview.locator("tr[data-csv-row=tomat]").textContent()).toContain("Berubah");
    expect(await preview.locator("tr[data-csv-row=bayam]").textContent()).toContain("Tidak berubah");
    expect(await preview.locator("tr[data-csv-row=kangkung]").textContent()).toContain("Salah");
    await preview.getByText('Kolom yang tidak dikenal dan diabaikan: "catatan".').waitFor();
    await screenshot(page, "prices/csv-dry-run-1280");
    await preview.getByRole("button", { name: "Terapkan" }).click();
    await page.getByTestId("flash").getByText("Tersimpan: 1 harga diperbarui.").waitFor();
    expect(await page.locator(`input[name="price:${ids.tomat}"]`).inputValue()).toBe("15.000");

    await page.goto(`${shop.url}/admin/products/${ids.tomat}`);
    const history = page.getByRole("region", { name: "Riwayat Harga" });
    await history.getByTestId("grafik-harga").waitFor();
    await history.getByText("Unggah CSV").waitFor();
    await screenshot(page, "prices/product-price-history-1280");
    expect(errors).toEqual([]);
    await context.close();
  });
});
