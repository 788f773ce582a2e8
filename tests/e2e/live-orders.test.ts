// The dashboard hears new orders without a reload: on one PostgreSQL database (the test
// places orders straight into it, as another app process would), a staff member on a phone
// sees the new row highlighted within 3 s, the unseen count in the tab title, a browser
// notification, and the 'Suara' choice kept across visits, also after odd stored values. A
// customer's payment proof shows up in the box too, as 'Bukti bayar masuk' with the order.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { orders } from "~/db/schema";
import { config } from "~/server/config.server";
import { uploadPaymentProof } from "~/server/orders/payments.server";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors } from "../support/browser";
import { createOrder, createProduct, createUser, type TestUser } from "../support/factories";
import { createPostgresDatabase, postgresOrSkip } from "../support/postgres";
import { adminLogin, screenshot, setupBrowserShop, type BrowserShop } from "../support/browser-shop";

const pgUp = await postgresOrSkip("live-orders: PostgreSQL (127.0.0.1:5432 or TEST_DATABASE_URL) is unreachable");

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let handle: DatabaseHandle;
let staff: TestUser;
let customerId: string;
let shop: BrowserShop;
let productId: string;

// Records notifications instead of showing them; permission counts as given.
const NOTIFICATION_STUB = `
  window.__notifications = [];
  window.Notification = class {
    static permission = "granted";
    static requestPermission() { return Promise.resolve("granted"); }
    constructor(title, options) { window.__notifications.push({ title, body: options && options.body }); }
  };
`;

async function staffPage(size: { width: number; height: number }): Promise<Page> {
  const context = await newContext(shop.browser, size);
  await context.addInitScript(NOTIFICATION_STUB);
  const page = await context.newPage();
  await adminLogin(page, shop.url, staff);
  await page.locator('[data-testid="live-status"][data-state="open"]').waitFor({ timeout: 10_000 });
  return page;
}

describe.skipIf(!pgUp || !hasChromium)("live new orders on the staff dashboard", () => {
  // The database first (this hook runs before the kit's), the shop's server on it after.
  beforeAll(async () => {
    database = await createPostgresDatabase("live_orders");
    handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
    staff = await createUser(handle.db, { role: "admin", name: "Dewi Staf" });
    customerId = (await createUser(handle.db)).id;
    productId = (await createProduct(handle.db, { stock: 100, price: 8_500, name: "Sawi Langsung" })).id;
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  shop = setupBrowserShop({
    // A proof this test stores (as another app process would) lands where the server reads uploads.
    env: () => ({ DATABASE_URL: database.url, UPLOADS_DIR: config().uploadsDir }),
  });

  it("shows a new order within 3 s, highlighted, with a notification and the count in the title", async () => {
    const page = await staffPage(PHONE);
    const errors = trackPageErrors(page);
    await page.getByRole("switch", { name: "Suara" }).click();
    expect(await page.getByRole("switch", { name: "Suara" }).getAttribute("aria-checked")).toBe("true");

    const placed = Date.now();
    const order = await createOrder(handle.db, {
      userId: customerId,
      recipientName: "Bu Ratna Pesan Pagi",
      items: [{ productId, quantity: 2 }],
    });
    const row = page.locator(`[data-live-order-id="${order.id}"]`);
    await row.waitFor({ timeout: 3_000 });
    expect(Date.now() - placed).toBeLessThan(3_000);
    await expect.poll(() => row.textContent()).toContain("Bu Ratna Pesan Pagi");
    expect(await row.textContent()).toContain("Baru");
    await expect.poll(() => page.title()).toMatch(/^\(1\) Ringkasan/);
    const notifications = await page.evaluate(
      () => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications,
    );
    expect(notifications).toEqual([{ title: "Pesanan baru", body: expect.stringContaining("Bu Ratna Pesan Pagi") }]);

    await createOrder(handle.db, {
      userId: customerId,
      recipientName: "Pak Hadi",
      items: [{ productId, quantity: 1 }],
    });
    await expect.poll(() => page.title()).toMatch(/^\(2\) Ringkasan/);
    // The list below refreshed too: the order is in it without a reload.
    await page.locator(`[data-order-id="${order.id}"]`).first().waitFor({ state: "attached", timeout: 5_000 });
    await screenshot(page, "live-orders-phone", { fullPage: false });

    await page.getByRole("button", { name: "Tandai sudah dilihat" }).click();
    await expect.poll(() => page.title()).toMatch(/^Ringkasan/);

    // 'Suara' is remembered by this browser.
    await page.reload();
    await page.locator('[data-testid="live-status"][data-state="open"]').waitFor();
    expect(await page.getByRole("switch", { name: "Suara" }).getAttribute("aria-checked")).toBe("true");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("survives odd stored values and, after a server restart, shows the order placed meanwhile once", async () => {
    const page = await staffPage(DESKTOP);
    const errors = trackPageErrors(page);
    await page.evaluate(() => window.localStorage.setItem("admin.suara", '{"rusak":'));
    await page.reload();
    await page.locator('[data-testid="live-status"][data-state="open"]').waitFor();
    expect(await page.getByRole("switch", { name: "Suara" }).getAttribute("aria-checked")).toBe("false");

    // The server restarts; an order comes in (through another process) while it is down.
    let missed: { id: string } | undefined;
    await shop.restartServer(async () => {
      await page.locator('[data-testid="live-status"][data-state="retrying"]').waitFor({ timeout: 5_000 });
      missed = await createOrder(handle.db, {
        userId: customerId,
        recipientName: "Mbak Yuni Saat Putus",
        items: [{ productId, quantity: 3 }],
      });
    });
    if (!missed) throw new Error("no order placed while the server was down");
    await page.locator(`[data-live-order-id="${missed.id}"]`).waitFor({ timeout: 15_000 });
    expect(await page.locator(`[data-live-order-id="${missed.id}"]`).count()).toBe(1);
    await screenshot(page, "live-orders-desktop", { fullPage: false });
    // The browser reports the refused reconnects while the server was down; nothing else.
    expect(errors.filter((e) => !/ERR_CONNECTION_REFUSED|net::|Failed to load resource/.test(e))).toEqual([]);
    await page.context().close();
  });

  it("shows a payment proof the moment a customer sends it, with a link to the order", async () => {
    const page = await staffPage(PHONE);
    const errors = trackPageErrors(page);
    const order = await createOrder(handle.db, {
      userId: customerId,
      recipientName: "Bu Wati Transfer",
      items: [{ productId, quantity: 1 }],
    });
    await handle.db
      .update(orders)
      .set({ billFinalAt: new Date(), paymentMethod: "transfer", deliveryFee: 0 })
      .where(eq(orders.id, order.id));
    const image = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#2f855a" } })
      .png()
      .toBuffer();
    // Sent through this test's own connection, as another app process would.
    const sent = await uploadPaymentProof(handle.db, customerId, order.id, {
      proof: new File([new Uint8Array(image)], "bukti.png", { type: "image/png" }),
    });
    expect(sent.ok).toBe(true);
    const news = page.getByTestId("proof-news");
    await news.getByText("Bukti bayar masuk").waitFor({ timeout: 3_000 });
    expect(await news.textContent()).toContain(`#${order.id.slice(0, 8)}`);
    expect(await news.textContent()).toContain("Bu Wati Transfer");
    await news.scrollIntoViewIfNeeded();
    await screenshot(page, "live-proof-phone", { fullPage: false });
    await news.getByRole("link", { name: /Periksa Bukti/ }).click();
    await page.waitForURL(`**/admin/orders/${order.id}#pembayaran`);
    await page.getByTestId("payment-status").getByText("Menunggu Verifikasi").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
