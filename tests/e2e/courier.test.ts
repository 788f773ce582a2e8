// The courier's run in the browser. On a phone the courier signs in and lands on /kurir with
// their stops in order, marks one 'Terkirim' with the recipient's name, takes 'Uang Diterima'
// for a COD order, and marks one 'Gagal Antar' while the phone has no signal: the step waits
// on the phone and arrives exactly once when the page is back online. On a desktop the owner
// sees each step arrive live on the dashboard, sets the stop order and couriers on the
// delivery sheet, and counts and accepts the courier's 'Setoran' with its difference.
import { describe, expect, it } from "vitest";
import { courierRuns, courierStops, orders, products } from "~/db/schema";
import { eq } from "drizzle-orm";
import { nextDeliverySlot } from "~/lib/delivery-sheet";
import { DEFAULT_DELIVERY_SLOTS } from "~/lib/delivery-settings";
import { createOrder, createUser } from "../support/factories";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { adminLogin, login, screenshot, setupBrowserShop } from "../support/browser-shop";

const OWNER = { email: "pemilik.kurir@sayurjember.id", password: "Pemilik-Sayur-Jember-2026", name: "Bu Ratna" };
const COURIER = { email: "joko.kurir@sayurjember.id", password: "Antar-Sayur-Jember-2026", name: "Pak Joko" };
const next = nextDeliverySlot({ slots: DEFAULT_DELIVERY_SLOTS, closedDays: [] }, new Date());

/** The machine the tests run on may be busy: a step on the page gets time to show. */
const poll = <T>(read: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(read, { timeout: 30_000, ...options });

describe.skipIf(!hasChromium)("courier", () => {
  const ids: Record<string, string> = {};
  const shop = setupBrowserShop({
    staff: [{ ...OWNER, role: "owner" }],
    seed: async (db) => {
      const [product] = await db.select().from(products).where(eq(products.isActive, true)).limit(1);
      const customer = await createUser(db, { name: "Siti Aminah" });
      const courier = await createUser(db, { ...COURIER, role: "courier" });
      const place = (key: string, extra: Partial<Parameters<typeof createOrder>[1]>) =>
        createOrder(db, {
          userId: customer.id,
          items: [{ productId: product.id, quantity: 2 }],
          deliveryDate: next.date,
          deliverySlot: next.slot,
          ...extra,
        }).then((o) => (ids[key] = o.id));
      await place("sari", {
        deliveryAreaName: "Sumbersari",
        recipientName: "Bu Sari",
        recipientAddress: "Jl. Kalimantan No. 37, Sumbersari",
        notes: "Pagar hijau",
        deliveryFee: 8_000,
      });
      await place("budi", {
        deliveryAreaName: "Sumbersari",
        recipientName: "Budi Santoso",
        recipientAddress: "Jl. Jawa No. 7, Sumbersari",
        deliveryFee: 5_000,
      });
      await place("rina", {
        deliveryAreaName: "Kaliwates",
        recipientName: "Rina Wulandari",
        recipientAddress: "Jl. Gajah Mada No. 120, Kaliwates",
        deliveryFee: 10_000,
      });
      await db.update(orders).set({ paymentMethod: "cod", billFinalAt: new Date() }).where(eq(orders.id, ids.budi));
      const [run] = await db
        .insert(courierRuns)
        .values({ courierId: courier.id, deliveryDate: next.date, deliverySlot: next.slot })
        .returning({ id: courierRuns.id });
      await db.insert(courierStops).values([ids.sari, ids.budi].map((orderId) => ({ orderId, runId: run.id })));
    },
  });

  it("the owner gives the courier a stop and sets the order on the delivery sheet (desktop)", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, OWNER);
    await page.goto(`${shop.url}/admin/delivery-sheet?date=${next.date}&slot=${next.slot}`);
    await waitForHydration(page);
    const rina = page.locator(`li[data-order-id="${ids.rina}"]`);
    await rina.getByLabel(/Kurir pesanan/).selectOption({ label: "Pak Joko" });
    await page.waitForLoadState("networkidle");
    await page.reload();
    await waitForHydration(page);
    await poll(() =>
      rina.getByLabel(/Kurir pesanan/).evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text),
    ).toBe("Pak Joko");
    // Sumbersari: Jawa before Kalimantan by address; the owner puts Kalimantan first.
    const sumbersari = page.getByRole("region", { name: "Area Sumbersari" });
    await poll(() => sumbersari.locator("li[data-order-id]").first().getAttribute("data-order-id")).toBe(ids.budi);
    await sumbersari
      .getByRole("button", { name: /Naikkan pesanan/ })
      .nth(1)
      .click();
    await poll(() => sumbersari.locator("li[data-order-id]").first().getAttribute("data-order-id")).toBe(ids.sari);
    await screenshot(page, "courier/delivery-sheet-desktop");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the courier works the run on a phone; a step taken offline arrives once; the owner sees it live and accepts the cash", async () => {
    const desk = await newContext(shop.browser, DESKTOP);
    const dashboard = await desk.newPage();
    await adminLogin(dashboard, shop.url, OWNER);
    await waitForHydration(dashboard);
    await poll(() => dashboard.getByTestId("live-status").getAttribute("data-state")).toBe("open");

    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await login(page, shop.url, COURIER.email, COURIER.password);
    await page.waitForURL(`${shop.url}/kurir`);
    await waitForHydration(page);
    // The sheet's order: Kaliwates first, then Sumbersari as the owner set it.
    const stops = page.locator("li[data-stop]");
    await poll(() => stops.evaluateAll((els) => els.map((e) => e.getAttribute("data-order-id")))).toEqual([
      ids.rina,
      ids.sari,
      ids.budi,
    ]);
    const sari = page.locator(`li[data-order-id="${ids.sari}"]`);
    expect(await sari.textContent()).toContain("Pagar hijau");
    expect(await sari.getByRole("link", { name: "WhatsApp Bu Sari" }).getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\//,
    );
    expect(await sari.getByRole("link", { name: "Telepon Bu Sari" }).getAttribute("href")).toMatch(/^tel:/);
    const budi = page.locator(`li[data-order-id="${ids.budi}"]`);
    await poll(() => budi.getByTestId("tagih").textContent()).toMatch(/^Tagih Rp\s?[\d.]+/);
    const due = Number((await budi.getByTestId("tagih").textContent())!.replace(/COD|\D/g, ""));
    expect(due).toBeGreaterThan(5_000);
    await screenshot(page, "courier/kurir-phone");

    // 'Terkirim' with the recipient's name.
    await sari.getByText("Terkirim", { exact: true }).click();
    await sari.getByLabel("Nama penerima").fill("Bu Sari sendiri");
    await sari.getByRole("button", { name: "Simpan Terkirim" }).click();
    await poll(() => sari.getByTestId("hasil").textContent()).toBe("Terkirim, diterima Bu Sari sendiri");
    // The owner's dashboard hears of it without a reload.
    await poll(() => dashboard.getByTestId("courier-news").textContent()).toContain("Pak Joko: Pesanan");

    // COD: Rp 5.000 more than due taken (the difference goes to 'Saldo').
    await budi.getByLabel("Uang diterima (Rp)").fill(String(due + 5_000));
    await budi.getByRole("button", { name: "Uang Diterima" }).click();
    await poll(() => budi.textContent()).toContain("Uang diterima Rp");

    // No signal: 'Gagal Antar' waits on the phone, then arrives once.
    const rina = page.locator(`li[data-order-id="${ids.rina}"]`);
    await context.setOffline(true);
    await rina.getByText("Gagal Antar", { exact: true }).click();
    await rina.getByLabel("Tidak ada orang").check();
    await rina.getByRole("button", { name: "Simpan Gagal Antar" }).click();
    await poll(() => rina.textContent()).toContain("Menunggu sinyal: 1 langkah tersimpan di HP");
    await screenshot(page, "courier/kurir-phone-offline");
    await context.setOffline(false);
    await poll(() => rina.getByTestId("hasil").textContent()).toBe("Gagal Antar: Tidak ada orang");
    expect(await page.getByTestId("antrian").count()).toBe(0);
    // A second 'online' (a flaky signal) sends nothing again.
    await page.evaluate(() => window.dispatchEvent(new Event("online")));

    // 'Setor': Rp 1.000 short of the cash received.
    await page.getByLabel("Uang yang Anda hitung (Rp)").fill(String(due + 4_000));
    await page.getByRole("button", { name: "Setor", exact: true }).click();
    await poll(() => page.getByRole("region", { name: /^Setoran/ }).textContent()).toContain("Selisih");
    await screenshot(page, "courier/kurir-phone-done");
    expect(errors).toEqual([]);

    // The owner: the failed order is back with its reason, stamped once.
    await dashboard.goto(`${shop.url}/admin/orders/${ids.rina}`);
    const door = dashboard.getByTestId("door-record");
    await poll(() => door.textContent()).toContain("Gagal Antar: Tidak ada orang");
    expect(await door.locator("li").count()).toBe(1);
    await screenshot(dashboard, "courier/order-door-desktop");

    // 'Setoran': staff's count needs a note for the difference; the owner accepts.
    await dashboard.goto(`${shop.url}/admin/setoran`);
    await waitForHydration(dashboard);
    const run = dashboard.locator("li[data-run]").first();
    expect(await run.textContent()).toContain("Belum Setor");
    await run.getByLabel("Hitungan staf (Rp)").fill(String(due + 4_000));
    await run.getByRole("button", { name: "Simpan Hitungan" }).click();
    await poll(() => dashboard.textContent("body")).toContain("tulis catatannya");
    await dashboard
      .locator("li[data-run]")
      .first()
      .getByLabel("Hitungan staf (Rp)")
      .fill(String(due + 4_000));
    await dashboard.locator("li[data-run]").first().getByLabel("Catatan selisih").fill("Kembalian Rp 1.000");
    await dashboard.locator("li[data-run]").first().getByRole("button", { name: "Simpan Hitungan" }).click();
    await poll(() => dashboard.locator("li[data-run]").first().textContent()).toContain("Catatan: Kembalian");
    await dashboard.locator("li[data-run]").first().getByRole("button", { name: "Terima Setoran" }).click();
    await poll(() => dashboard.locator("li[data-run]").first().textContent()).toContain("Diterima");
    await screenshot(dashboard, "courier/setoran-desktop");
    await dashboard.setViewportSize(PHONE);
    await screenshot(dashboard, "courier/setoran-phone");
    await desk.close();
    await context.close();
  });
});
