// The driver's morning in the browser: a staff member ('Staf') on a phone opens the next
// delivery's sheet from the dashboard, finds the orders grouped by area with call, chat and map
// links and the amount to collect, and presses 'Terkirim' at the door: the order shows
// 'Selesai' and its history names who did it. The sheet prints on A4 without its buttons, and
// the slot's invoices print one order per A4 page.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { orders, products } from "~/db/schema";
import { eq } from "drizzle-orm";
import { nextDeliverySlot } from "~/lib/delivery-sheet";
import { DEFAULT_DELIVERY_SLOTS } from "~/lib/delivery-settings";
import { createOrder, createUser, saveSetting } from "../support/factories";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { seriousViolations } from "../support/axe";
import { adminLogin, screenshot, setupBrowserShop } from "../support/browser-shop";

const STAFF = { email: "kurir.staf@sayurjember.id", password: "Antar-Pagi-Sayur-2026", name: "Mas Kurir" };
// The delivery the sheet opens on by the fresh shop's rules at the time the test runs.
const next = nextDeliverySlot({ slots: DEFAULT_DELIVERY_SLOTS, closedDays: [] }, new Date());

/** Drags `handle` onto the middle of `target` with the mouse, both in view (clear of the sticky header) first. */
async function drag(page: Page, handle: Locator, target: Locator) {
  await handle.evaluate((e) => e.scrollIntoView({ block: "center" }));
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("Tidak terlihat untuk diseret.");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 2 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Drags `handle` onto the middle of `target` with one finger (real touch input through the browser's protocol). */
async function touchDrag(page: Page, handle: Locator, target: Locator, beforeLift?: () => Promise<void>) {
  // A stop is taller than half a phone screen: bring the target's top part into view, clear of
  // the bottom edge where the page scrolls along, with the grip still in view above it.
  await handle.evaluate((e) => e.scrollIntoView({ block: "center" }));
  const bottom = (await page.evaluate(() => window.innerHeight)) - 100;
  const before = await target.boundingBox();
  if (before && before.y + 60 > bottom) await page.evaluate((dy) => window.scrollBy(0, dy), before.y + 60 - bottom);
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("Tidak terlihat untuk diseret.");
  const [x1, y1] = [to.x + to.width / 2, Math.min(to.y + to.height / 2, bottom)];
  const cdp = await page.context().newCDPSession(page);
  const at = (x: number, y: number) => [{ x, y, id: 1 }];
  const [x0, y0] = [from.x + from.width / 2, from.y + from.height / 2];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(x0, y0) });
  for (let i = 1; i <= 8; i++) {
    const f = i / 8;
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: at(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f),
    });
  }
  await beforeLift?.();
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

describe.skipIf(!hasChromium)("delivery sheet", () => {
  const orderIds: Record<string, string> = {};
  const shop = setupBrowserShop({
    staff: [{ ...STAFF, role: "staff" }],
    seed: async (db) => {
      const [product] = await db.select().from(products).where(eq(products.isActive, true)).limit(1);
      const customer = await createUser(db, { name: "Siti Aminah" });
      const owner = await createUser(db, { role: "admin", name: "Bu Ratna" });
      const quota = await saveSetting(db, owner, "deliverySlots", {
        ...DEFAULT_DELIVERY_SLOTS,
        [next.slot]: { ...DEFAULT_DELIVERY_SLOTS[next.slot], quota: 20 },
      });
      if (!quota.ok) throw new Error(JSON.stringify(quota));
      const place = (key: string, extra: Partial<Parameters<typeof createOrder>[1]>) =>
        createOrder(db, {
          userId: customer.id,
          items: [{ productId: product.id, quantity: 2 }],
          deliveryDate: next.date,
          deliverySlot: next.slot,
          ...extra,
        }).then((o) => (orderIds[key] = o.id));
      await place("siti", {
        deliveryAreaName: "Sumbersari",
        recipientName: "Siti Aminah",
        recipientPhone: "081234567890",
        recipientAddress: "Jl. Kalimantan No. 37, Sumbersari, Jember",
        notes: "Pagar hijau, titip ke satpam kalau tidak ada orang.",
        deliveryFee: 8_000,
        status: "processing",
      });
      await place("budi", {
        deliveryAreaName: "Sumbersari",
        recipientName: "Budi Santoso",
        recipientPhone: "6285712345678",
        recipientAddress: "Jl. Jawa No. 7, Sumbersari, Jember",
      });
      await place("rina", {
        deliveryAreaName: "Kaliwates",
        recipientName: "Rina Wulandari",
        recipientAddress: "Jl. Gajah Mada No. 120, Kaliwates, Jember",
        deliveryFee: 10_000,
      });
      await place("desa", { recipientName: "Pak Slamet", recipientAddress: "Desa Ambulu RT 02 RW 05, Ambulu" });
      await place("batal", { recipientName: "Tidak Jadi", status: "cancelled", deliveryAreaName: "Patrang" });
      // Budi paid by transfer and staff marked it 'Lunas'; Rina pays the driver in cash.
      await db
        .update(orders)
        .set({ paymentMethod: "transfer", paymentStatus: "paid" })
        .where(eq(orders.id, orderIds.budi));
      await db.update(orders).set({ paymentMethod: "cod" }).where(eq(orders.id, orderIds.rina));
    },
  });

  it("on a phone, staff open the next delivery from the dashboard and mark an order 'Terkirim'", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, STAFF);
    const chips = page.getByLabel("Filter cepat");
    await expect.poll(() => chips.textContent()).toContain("Besok Pagi");
    await screenshot(page, "delivery-dashboard-phone");

    await page
      .getByRole("region", { name: "Pengiriman Berikutnya" })
      .getByRole("link", { name: "Lembar Pengiriman" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Lembar Pengiriman" }).waitFor();
    expect(new URL(page.url()).search).toBe(`?date=${next.date}&slot=${next.slot}`);
    // The chosen slot's chip: its 4 orders (the cancelled one not counted) against the quota of 20.
    expect(await page.locator('a[aria-current="true"]').textContent()).toMatch(/ 4\/20$/);
    // Areas by name, orders outside every area last, the cancelled order nowhere.
    const areas = await page.locator("section.sheet-area h2").allTextContents();
    expect(areas).toEqual(["Kaliwates (1)", "Sumbersari (2)", "Di luar area (1)"]);
    await expect.poll(() => page.getByText("Tidak Jadi").count()).toBe(0);

    const siti = page.locator(`li[data-order-id="${orderIds.siti}"]`);
    await expect.poll(() => siti.textContent()).toContain("Pagar hijau");
    expect(await siti.getByRole("link", { name: "Telepon Siti Aminah" }).getAttribute("href")).toBe(
      "tel:+6281234567890",
    );
    expect(await siti.getByRole("link", { name: "WhatsApp Siti Aminah" }).getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\/6281234567890\?text=/,
    );
    expect(await siti.getByRole("link", { name: "Peta alamat Siti Aminah" }).getAttribute("href")).toContain(
      "google.com/maps",
    );
    expect(await siti.textContent()).toContain("2 barang");
    expect(await siti.textContent()).toMatch(/Tagih: Rp\s?[\d.]+/);
    const budi = page.locator(`li[data-order-id="${orderIds.budi}"]`);
    expect(await budi.textContent()).toContain("Lunas");
    expect(await budi.textContent()).toContain("Tidak perlu menagih");
    expect(await budi.textContent()).not.toContain("Tagih:");
    const rina = page.locator(`li[data-order-id="${orderIds.rina}"]`);
    expect(await rina.textContent()).toContain("Bayar di Tempat (COD)");
    expect(await rina.textContent()).toContain("Belum Bayar");
    expect(await rina.textContent()).toMatch(/Tagih: Rp\s?[\d.]+/);
    await screenshot(page, "delivery-sheet-phone");
    expect(await seriousViolations(page)).toEqual([]);

    await waitForHydration(page);
    await siti.getByRole("button", { name: `Terkirim: pesanan #${orderIds.siti.slice(0, 8)}` }).click();
    await page
      .getByTestId("flash")
      .getByText(`Pesanan #${orderIds.siti.slice(0, 8)} terkirim dan ditandai Selesai.`)
      .waitFor();
    await siti.getByText("Selesai", { exact: true }).waitFor();
    // Nothing left to do at the door (the stop's up/down buttons stay for the run's order).
    expect(await siti.getByRole("button", { name: /^Terkirim/ }).count()).toBe(0);
    await screenshot(page, "delivery-sheet-phone-delivered");

    // The order's history says who marked it.
    await page.goto(`${shop.url}/admin/orders/${orderIds.siti}`);
    await page.getByText("Terkirim (Lembar Pengiriman)").waitFor();
    expect(await page.locator("body").textContent()).toContain(STAFF.name);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a desktop, the sheet prints on A4 without its buttons and the slot's invoices one order per page", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, STAFF);
    await screenshot(page, "delivery-dashboard-desktop");
    await page.goto(`${shop.url}/admin/delivery-sheet?date=${next.date}&slot=${next.slot}`);
    await page.getByRole("heading", { level: 1, name: "Lembar Pengiriman" }).waitFor();
    await screenshot(page, "delivery-sheet-desktop");
    expect(await seriousViolations(page)).toEqual([]);

    // The driver leaves for Kaliwates: its customer is told by e-mail, once.
    await waitForHydration(page);
    const kaliwates = page.getByRole("region", { name: "Area Kaliwates" });
    await kaliwates.getByRole("button", { name: "Kabari Pelanggan" }).click();
    await page
      .getByTestId("flash")
      .getByText("1 pelanggan di Kaliwates dikabari bahwa pesanannya sedang diantar.")
      .waitFor();
    await kaliwates.getByText("Sudah dikabari").waitFor();
    const told = () =>
      shop.server.outbox().filter((m) => m.text.includes(`#${orderIds.rina.slice(0, 8)} sedang diantar`));
    await expect.poll(() => told().length, { timeout: 15_000 }).toBe(1);

    await page.emulateMedia({ media: "print" });
    expect(
      await page
        .getByRole("button", { name: /^Terkirim/ })
        .first()
        .isVisible(),
    ).toBe(false);
    expect(await page.getByRole("navigation", { name: "Menu admin" }).isVisible()).toBe(false);
    await screenshot(page, "delivery-sheet-print");
    await page.emulateMedia({ media: "screen" });

    const invoicesHref = await page.getByRole("link", { name: "Cetak Semua Invoice" }).getAttribute("href");
    expect(invoicesHref).toBe(`/admin/invoices/print?date=${next.date}&slot=${next.slot}`);
    await page.goto(`${shop.url}${invoicesHref}`);
    await page.getByRole("button", { name: "Cetak 4 Invoice" }).waitFor();
    expect(await page.locator("article.invoice").count()).toBe(4);
    await screenshot(page, "invoices-bulk-desktop");
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ media: "print" });
    await screenshot(page, "invoices-bulk-print");
    // One order per A4 page: the printout has exactly as many pages as orders.
    const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(4);

    await page.emulateMedia({ media: "screen" });
    await page.goto(`${shop.url}/admin/invoices/print?date=2026-02-30&slot=pagi`);
    await page
      .getByRole("alert")
      .getByText("Tanggal kirim tidak valid. Gunakan format TTTT-BB-HH, mis. 2026-11-26.")
      .waitFor();
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
    await context.close();
  });

  it("on a desktop, staff drag a stop below another; the order stays after a reload, and 'Naik' still works", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, STAFF);
    const sheetUrl = `${shop.url}/admin/delivery-sheet?date=${next.date}&slot=${next.slot}`;
    await page.goto(sheetUrl);
    const area = page.getByRole("region", { name: "Area Sumbersari" });
    const stops = () =>
      area.locator("li[data-order-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-order-id")));
    // By address: Jl. Jawa (Budi) before Jl. Kalimantan (Siti).
    expect(await stops()).toEqual([orderIds.budi, orderIds.siti]);
    await waitForHydration(page);
    const budi = area.locator(`li[data-order-id="${orderIds.budi}"]`);
    const siti = area.locator(`li[data-order-id="${orderIds.siti}"]`);
    await drag(page, budi.getByTestId("seret"), siti);
    await expect.poll(stops, { timeout: 15_000 }).toEqual([orderIds.siti, orderIds.budi]);
    await screenshot(page, "delivery-sheet-dragged-desktop");
    await page.reload();
    expect(await stops()).toEqual([orderIds.siti, orderIds.budi]);
    // A stop dropped on another area's stop is not taken.
    await waitForHydration(page);
    const rina = page.locator(`li[data-order-id="${orderIds.rina}"]`);
    await drag(page, area.locator(`li[data-order-id="${orderIds.budi}"]`).getByTestId("seret"), rina);
    await page.reload();
    expect(await stops()).toEqual([orderIds.siti, orderIds.budi]);
    // The buttons move it back, as without scripts or from the keyboard.
    await waitForHydration(page);
    await area.getByRole("button", { name: `Naikkan pesanan #${orderIds.budi.slice(0, 8)}` }).click();
    await expect.poll(stops, { timeout: 15_000 }).toEqual([orderIds.budi, orderIds.siti]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a phone, staff drag a stop with a finger by its grip; the order stays after a reload", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, STAFF);
    const sheetUrl = `${shop.url}/admin/delivery-sheet?date=${next.date}&slot=${next.slot}`;
    await page.goto(sheetUrl);
    const area = page.getByRole("region", { name: "Area Sumbersari" });
    const stops = () =>
      area.locator("li[data-order-id]").evaluateAll((els) => els.map((e) => e.getAttribute("data-order-id")));
    await waitForHydration(page);
    const first = (await stops())[0]!;
    const second = (await stops())[1]!;
    const grip = area.locator(`li[data-order-id="${first}"]`).getByTestId("seret");
    // The grip is shown on a phone, big enough for a thumb.
    const box = await grip.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await touchDrag(page, grip, area.locator(`li[data-order-id="${second}"]`), () =>
      screenshot(page, "delivery-sheet-dragging-phone", { fullPage: false }),
    );
    await expect.poll(stops, { timeout: 15_000 }).toEqual([second, first]);
    await screenshot(page, "delivery-sheet-dragged-phone");
    await page.reload();
    expect(await stops()).toEqual([second, first]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a phone, the bulk invoices and the bad-address message read well", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await adminLogin(page, shop.url, STAFF);
    await page.goto(`${shop.url}/admin/invoices/print?date=${next.date}&slot=${next.slot}`);
    await page.getByRole("button", { name: /^Cetak \d Invoice$/ }).waitFor();
    await screenshot(page, "invoices-bulk-phone");
    await context.close();
  });
});
