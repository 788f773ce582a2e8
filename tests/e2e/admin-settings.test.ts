// 'Pengaturan Toko' in the browser on a phone: staff open it from the admin
// menu, save a quota, add a closed day, add a delivery area with 'Tambah Area', see a refused
// value next to its field, and find each change in the history on the same page.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, newContext, PHONE, trackPageErrors } from "../support/browser";
import { adminLogin, screenshot, setupBrowserShop } from "../support/browser-shop";

const STAFF = { email: "ratna.pemilik@sayurjember.id", password: "Bawang-Merah-Probolinggo-26", name: "Ratna Pemilik" };

function section(page: Page, title: string) {
  return page.locator("section").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

describe.skipIf(!hasChromium)("Pengaturan Toko", () => {
  // Noon on 25 November 2026 in Jember, whatever this machine's clock says.
  const shop = setupBrowserShop({
    staff: [STAFF],
    env: { NODE_ENV: "test", SHOP_CLOCK_START: "2026-11-25T12:00:00+07:00" },
  });

  it("saves each section on its own and shows the history", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, STAFF);
    await page.getByRole("link", { name: "Pengaturan" }).click();
    await page.getByRole("heading", { level: 1, name: "Pengaturan Toko" }).waitFor();
    // The document title is checked on a full load of the page.
    await page.goto(`${shop.url}/admin/settings`);
    await page.getByRole("heading", { level: 1, name: "Pengaturan Toko" }).waitFor();
    expect(await page.title()).toContain("Pengaturan Toko");

    // The sample settings of a fresh shop.
    const slots = section(page, "Waktu Pengiriman");
    await expect(slots.locator('[name="pagi.cutoffTime"]').inputValue()).resolves.toBe("21:00");
    const areas = section(page, "Area Pengiriman");
    await expect(areas.locator('input[name="0.name"]').inputValue()).resolves.toBe("Sumbersari");

    // 'Kuota Pesanan' for tomorrow morning.
    const quota = "20";
    await slots.locator('input[name="pagi.quota"]').fill(quota);
    await slots.getByRole("button", { name: "Simpan" }).click();
    await page.getByTestId("flash").getByText("Waktu Pengiriman disimpan.").waitFor();
    await expect(section(page, "Waktu Pengiriman").locator('input[name="pagi.quota"]').inputValue()).resolves.toBe(
      quota,
    );

    // A refused value is named next to its field; nothing else on the page is lost.
    await section(page, "Minimal Belanja").locator('input[name="minimumOrder"]').fill("lima puluh ribu");
    await section(page, "Minimal Belanja").getByRole("button", { name: "Simpan" }).click();
    await section(page, "Minimal Belanja")
      .getByText("Minimal belanja harus angka rupiah, mis. 11.000 atau 11000.")
      .waitFor();
    const minimum = "50.000";
    await section(page, "Minimal Belanja").locator('input[name="minimumOrder"]').fill(minimum);
    await section(page, "Minimal Belanja").getByRole("button", { name: "Simpan" }).click();
    await page.getByTestId("flash").getByText("Minimal Belanja disimpan.").waitFor();

    // 'Tambah Hari Libur' with its 'Keterangan'.
    const closed = section(page, "Hari Libur");
    const day = "2026-12-25";
    const note = "Natal";
    await closed.locator('input[name="new.date"]').fill(day);
    await closed.locator('input[name="new.note"]').fill(note);
    await closed.getByRole("button", { name: "Tambah Hari Libur" }).click();
    await page.getByTestId("flash").getByText("Hari Libur disimpan.").waitFor();
    const listed = section(page, "Hari Libur").getByRole("list", { name: "Daftar hari libur" });
    await expect(listed.getByRole("textbox", { name: "Keterangan" }).last().inputValue()).resolves.toBe(note);

    // 'Tambah Area' adds a row to fill in.
    const areaName = "Gumuk Mas";
    const before = await areas.locator('input[name$=".name"]').count();
    await areas.getByRole("button", { name: "Tambah Area" }).click();
    await areas.locator(`input[name="${before}.name"]`).fill(areaName);
    await areas.locator(`input[name="${before}.fee"]`).fill("20000");
    await areas.getByRole("button", { name: "Simpan" }).click();
    await page.getByTestId("flash").getByText("Area Pengiriman disimpan.").waitFor();
    await expect(section(page, "Area Pengiriman").locator(`input[name="${before}.name"]`).inputValue()).resolves.toBe(
      areaName,
    );

    // The history names who changed what.
    const history = page.getByRole("list", { name: "Riwayat perubahan pengaturan" });
    await history.getByText(`${areaName}: ongkir Rp 20.000, aktif`).waitFor();
    await history.getByText(`Pagi: batas pesan 21:00 sehari sebelumnya, kuota ${quota} pesanan, aktif`).waitFor();
    await history.getByText(`Minimal belanja Rp ${minimum}`).first().waitFor();
    expect(await history.getByText(STAFF.name).count()).toBeGreaterThanOrEqual(4);

    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "admin-settings-phone");
    // The one refused save answers 400 on purpose; nothing else may go wrong.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  });
});
