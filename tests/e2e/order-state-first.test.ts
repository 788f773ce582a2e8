// One number and the state first. On one PostgreSQL database (the test places and bills
// orders straight into it, as another app process would): the same order shows the same total
// in the staff list, the live box, the customer's page and the invoice, marked 'perkiraan'
// until the bill is final; after the final bill the customer's page opens on the progress
// tracker with the amount due and how to pay in the first screen, 'Unggah Bukti Bayar' opens
// the photo picker itself, and no cancel is offered.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { orders } from "~/db/schema";
import { formatRupiah } from "~/lib/money";
import { editOrder } from "~/server/orders/edits.server";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { adminLogin, login, screenshot, setupBrowserShop, type BrowserShop } from "../support/browser-shop";
import {
  configureBankAccount,
  createOrder,
  createProduct,
  createUser,
  liftOrdersPerCustomerLimit,
  type TestUser,
} from "../support/factories";
import { createPostgresDatabase, postgresOrSkip } from "../support/postgres";

const pgUp = await postgresOrSkip("order-state-first: PostgreSQL (127.0.0.1:5432 or TEST_DATABASE_URL) is unreachable");

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let handle: DatabaseHandle;
let staff: TestUser;
let customer: TestUser;
let shop: BrowserShop;
let shallots: string;
let spinach: string;

/** An order stored straight into the database (0,75 kg shallots at Rp 40.000/kg and 2 bunches of spinach at Rp 6.000) with the fee set. */
async function orderWithFee(recipientName: string, paymentMethod: "transfer" | "cod" = "transfer") {
  const order = await createOrder(handle.db, {
    userId: customer.id,
    recipientName,
    deliveryFee: 7_000,
    deliveryAreaName: "Kaliwates",
    items: [
      { productId: shallots, quantity: 750 },
      { productId: spinach, quantity: 2 },
    ],
  });
  await handle.db.update(orders).set({ paymentMethod }).where(eq(orders.id, order.id));
  return order;
}

/** 'Tagihan Final', as staff press it on the order page. */
async function finalize(orderId: string) {
  const [row] = await handle.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
  const result = await editOrder(handle.db, { ...staff, role: "admin" }, orderId, {
    intent: "finalize",
    version: row.version,
  });
  if (!result.ok) throw new Error(`finalize refused: ${result.message}`);
}

async function textOf(page: Page, selector: string) {
  return ((await page.locator(selector).first().textContent()) ?? "").trim();
}

describe.skipIf(!pgUp || !hasChromium)("one total, and the order page tells the state first", () => {
  beforeAll(async () => {
    database = await createPostgresDatabase("order_state_first");
    handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
    staff = await createUser(handle.db, { role: "admin", name: "Dewi Staf" });
    customer = await createUser(handle.db, { name: "Bu Sri" });
    await liftOrdersPerCustomerLimit(handle.db);
    await configureBankAccount(handle.db);
    shallots = (
      await createProduct(handle.db, {
        name: "Bawang Merah Uji",
        price: 40_000,
        stock: 20_000,
        soldByWeight: true,
        unit: "per kg",
        weightStep: 250,
        weightMin: 250,
      })
    ).id;
    spinach = (await createProduct(handle.db, { name: "Bayam Uji", price: 6_000, stock: 50, unit: "ikat" })).id;
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  shop = setupBrowserShop({ env: () => ({ DATABASE_URL: database.url }) });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("at %s size the list, live box, page and invoice show one total", async (size, viewport) => {
    // 0,75 kg x Rp 40.000 + 2 x Rp 6.000 + Rp 7.000 ongkir
    const expected = formatRupiah(30_000 + 12_000 + 7_000);
    const staffContext = await newContext(shop.browser, viewport);
    const admin = await staffContext.newPage();
    const errors = trackPageErrors(admin);
    await adminLogin(admin, shop.url, staff);
    await admin.locator('[data-testid="live-status"][data-state="open"]').waitFor({ timeout: 10_000 });

    const order = await orderWithFee(`Bu Ratna ${size}`);
    const live = admin.locator(`[data-live-order-id="${order.id}"]`);
    await live.waitFor({ timeout: 5_000 });
    expect(await textOf(admin, `[data-live-order-id="${order.id}"] [data-testid="live-order-total"]`)).toBe(
      `${expected}perkiraan`,
    );
    const listRow = admin.locator(`[data-order-id="${order.id}"]:visible`);
    await listRow.first().waitFor({ timeout: 5_000 });
    expect(await listRow.first().getByTestId("list-order-total").textContent()).toBe(expected);
    expect(await listRow.first().textContent()).toContain("perkiraan");
    await screenshot(admin, `order-state-first-dashboard-live-total-${size}`, { fullPage: false });

    await admin.goto(`${shop.url}/admin/orders/print/${order.id}`);
    expect(await admin.getByTestId("invoice-total").textContent()).toBe(expected);
    expect(await admin.locator(".invoice").textContent()).toContain("perkiraan");
    // What staff decided about the fee is not printed for the customer.
    expect(await admin.locator(".invoice").textContent()).not.toContain("Ditetapkan staf");

    const shopper = await (await newContext(shop.browser, viewport)).newPage();
    await login(shopper, shop.url, customer.email, customer.password, `/orders/${order.id}`);
    await shopper.waitForURL(`**/orders/${order.id}`);
    expect(await shopper.getByTestId("order-total").textContent()).toBe(expected);
    await shopper.getByText("Total (perkiraan)").waitFor();

    // The bill made final: every screen says 'Total akhir' with the same number, no estimate left.
    await finalize(order.id);
    await shopper.reload();
    expect(await shopper.getByTestId("order-total").textContent()).toBe(expected);
    expect(await shopper.getByTestId("final-total").textContent()).toBe(expected);
    await admin.goto(`${shop.url}/admin/orders/print/${order.id}`);
    expect(await admin.getByTestId("invoice-total").textContent()).toBe(expected);
    expect(await admin.locator(".invoice").textContent()).not.toContain("perkiraan");
    await admin.goto(`${shop.url}/admin/dashboard`);
    const billed = admin.locator(`[data-order-id="${order.id}"]:visible`).first();
    await billed.waitFor();
    expect(await billed.getByTestId("list-order-total").textContent()).toBe(expected);
    expect(await billed.textContent()).not.toContain("perkiraan");
    await admin.goto(`${shop.url}/admin/orders/${order.id}`);
    expect(await admin.getByTestId("staff-order-total").textContent()).toBe(expected);
    expect(errors).toEqual([]);
    await staffContext.close();
    await shopper.context().close();
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("at %s size, after the final bill, the page opens on what to pay and how", async (size, viewport) => {
    const order = await orderWithFee(`Pak Hadi ${size}`);
    const context = await newContext(shop.browser, viewport);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await login(page, shop.url, customer.email, customer.password, `/orders/${order.id}`);
    await page.waitForURL(`**/orders/${order.id}`);
    // Before the bill: received, weighing under way, and the shopper may still cancel.
    const progress = page.getByTestId("order-progress");
    expect(await progress.locator('[aria-current="step"]').textContent()).toContain("Ditimbang");
    await page.getByRole("button", { name: "Batalkan Pesanan" }).waitFor();

    await finalize(order.id);
    await page.reload();
    await waitForHydration(page);
    expect(await progress.locator('[aria-current="step"]').textContent()).toContain("Dibayar");
    expect(await progress.locator('[data-state="done"]').count()).toBe(2);
    // The amount due and the account to pay to are on the first screen, without scrolling.
    const due = page.getByTestId("amount-due");
    expect(await due.textContent()).toBe(formatRupiah(49_000));
    const inFirstScreen = async (locator: ReturnType<Page["locator"]>) => {
      const box = await locator.boundingBox();
      return box !== null && box.y + box.height <= viewport.height;
    };
    expect(await inFirstScreen(due)).toBe(true);
    expect(await inFirstScreen(page.getByText("0987-01-004567-53-2"))).toBe(true);
    // Once billed the shop handles a cancel: the page offers none.
    expect(await page.getByRole("button", { name: "Batalkan Pesanan" }).count()).toBe(0);
    await screenshot(page, `order-state-first-order-after-final-bill-${size}`, { fullPage: false });

    // The main button opens the picker; the chosen photo goes at once.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Unggah Bukti Bayar" }).click();
    await (
      await chooser
    ).setFiles({
      name: "bukti-transfer.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 600, height: 900, channels: 3, background: "#e8f5e9" } })
        .jpeg()
        .toBuffer(),
    });
    await expect
      .poll(() => page.getByTestId("payment-status").first().textContent(), { timeout: 15_000 })
      .toBe("Menunggu Verifikasi");
    await page.getByText("Bukti bayar sudah masuk; staf sedang mengeceknya.").waitFor();
    await screenshot(page, `order-state-first-order-proof-sent-${size}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("at %s size saves keep the scroll and answer in place; billing asks first", async (size, viewport) => {
    const order = await orderWithFee(`Mbak Yuni ${size}`);
    const context = await newContext(shop.browser, viewport);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, staff);
    await page.goto(`${shop.url}/admin/orders/${order.id}`);
    await waitForHydration(page);

    // 'Simpan Berat' halfway down the page: the page stays where the thumb is.
    const weight = page.getByRole("textbox", { name: "Berat aktual Bawang Merah Uji (kg)" });
    await weight.scrollIntoViewIfNeeded();
    await weight.fill("0,8");
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Simpan Berat" }).click();
    const saved = page.getByRole("status").filter({ hasText: "Bawang Merah Uji" });
    await saved.waitFor();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(40);
    // 0,8 kg x Rp 40.000 + 2 x Rp 6.000 + Rp 7.000
    await expect.poll(() => page.getByTestId("final-total").textContent()).toBe(formatRupiah(51_000));

    // 'Tidak Tersedia' says what will happen; 'Batal' leaves the line.
    await page.getByRole("button", { name: "Tidak Tersedia" }).last().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("dihapus dari pesanan, stoknya dikembalikan", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Batal" }).click();
    expect(await page.getByTestId("edit-line").count()).toBe(2);

    // 'Tagihan Final' names the total and that nothing can change afterwards.
    await page.getByRole("button", { name: "Tagihan Final" }).click();
    await dialog.getByText(`Total akhir ${formatRupiah(51_000)}`, { exact: false }).waitFor();
    await dialog.getByText("tidak dapat diubah lagi", { exact: false }).waitFor();
    await screenshot(page, `order-state-first-staff-confirm-final-${size}`, { fullPage: false });
    await dialog.getByRole("button", { name: "Ya, Tagihan Final" }).click();
    await page.getByRole("status").filter({ hasText: "Tagihan final" }).first().waitFor();
    await page.getByRole("link", { name: "Kirim Tagihan via WhatsApp" }).waitFor();
    // Touch targets a thumb can hit.
    const sendBill = await page.getByRole("link", { name: "Kirim Tagihan via WhatsApp" }).boundingBox();
    expect(sendBill?.height ?? 0).toBeGreaterThanOrEqual(44);
    await screenshot(page, `order-state-first-staff-order-final-${size}`);
    // Every menu link is on screen, grouped, at this size.
    const nav = page.getByRole("navigation", { name: "Menu admin" });
    for (const name of ["Ringkasan", "Daftar Ambil", "Produk", "Petani Mitra", "Laporan", "Tim", "Pengaturan"]) {
      const box = await nav.getByRole("link", { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(viewport.width);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `order-state-first-admin-menu-${size}`, { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
