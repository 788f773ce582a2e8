// The shopper's payment box for a QRIS bill, at phone and desktop size: the owner uploads the
// shop's static QRIS on /admin/settings/qris and the page says its text was read; the shopper's
// order page shows a QR that a scanner reads as the shop's code asking for exactly the amount
// due, and the deadline after which the order is cancelled; staff see that deadline on the order
// page and extend it, and the shopper's page shows the new one.
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import type { Page } from "playwright-core";
import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { orders, shopSettings } from "~/db/schema";
import { formatRupiah } from "~/lib/money";
import { parseQris, qrisCrc } from "~/lib/qris";
import { DEFAULT_PAYMENT_METHODS } from "~/lib/payment-settings";
import { editOrder } from "~/server/orders/edits.server";
import { forgetCachedSettings } from "~/server/settings.server";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { adminLogin, login, screenshot, setupBrowserShop } from "../support/browser-shop";
import { createOrder, createProduct, createUser, nextDelivery, type TestUser } from "../support/factories";

const OWNER = {
  email: "pemilik.qris@sayurjember.id",
  password: "Pemilik-Qris-2026",
  name: "Bu Ratna",
  role: "owner" as const,
};
const body =
  "00020101021126570011ID.DANA.WWW011893600915380003720102091234567890303UMI" +
  "51440014ID.CO.QRIS.WWW0215ID10243377665540303UMI5204541153033605802ID5912Sayur Jember6006JEMBER6105681216304";
const SHOP_QRIS = body + qrisCrc(body);

const seeded: { customer?: TestUser; orderIds: string[] } = { orderIds: [] };

/** Two QRIS orders of one customer, billed final (3 x Rp 12.000 + Rp 5.123 delivery). */
async function seed(db: Database) {
  // QRIS on with a placeholder image until the owner uploads the shop's own in the test.
  const qris = { active: true, imageUrl: `/uploads/qris/${"0".repeat(32)}.png`, payload: null };
  await db
    .insert(shopSettings)
    .values({ key: "paymentMethods", value: { ...DEFAULT_PAYMENT_METHODS, qris }, revision: 1 })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: { ...DEFAULT_PAYMENT_METHODS, qris } } });
  forgetCachedSettings();
  const staff = await createUser(db, { role: "staff", name: "Dewi Staf" });
  seeded.customer = await createUser(db, { name: "Ani Lestari" });
  const product = await createProduct(db, { name: "Tomat Merah QRIS", price: 12000, stock: 40 });
  const { deliveryDate, slot } = nextDelivery();
  for (let i = 0; i < 2; i++) {
    const order = await createOrder(db, {
      userId: seeded.customer.id,
      items: [{ productId: product.id, quantity: 3 }],
      deliveryDate,
      deliverySlot: slot,
      deliveryFee: 5123,
    });
    await db.update(orders).set({ paymentMethod: "qris" }).where(eq(orders.id, order.id));
    const done = await editOrder(db, { id: staff.id, role: "staff" }, order.id, { intent: "finalize", version: 1 });
    if (!done.ok) throw new Error(done.message);
    seeded.orderIds.push(order.id);
  }
}

async function scanQr(page: Page): Promise<string | null> {
  const qr = page.getByRole("img", { name: /Kode QRIS toko untuk membayar/ });
  // In the middle of the screen: at phone size the fixed bottom bar would cover a QR at the edge.
  await qr.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const png = await qr.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe.skipIf(!hasChromium)("the shopper's payment box with the QRIS amount", () => {
  const shop = setupBrowserShop({ staff: [OWNER], seed });

  it("reads the owner's QRIS from the uploaded image", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, OWNER);
    await page.goto(`${shop.url}/admin/settings/qris`);
    const png = await QRCode.toBuffer(SHOP_QRIS, { type: "png", margin: 4, width: 600 });
    await page
      .locator('input[name="qrisImage"]')
      .setInputFiles({ name: "qris.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Unggah QRIS" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/settings");
    await page.goto(`${shop.url}/admin/settings/qris`);
    await expect
      .poll(() => page.getByTestId("qris-text-state").textContent(), { timeout: 20_000 })
      .toContain("Teks QRIS terbaca (Sayur Jember)");
    await screenshot(page, "qris-settings-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "qris-settings-phone");
    // 'Batas Bayar' on 'Pengaturan Toko', with the defaults a fresh shop has.
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${shop.url}/admin/settings#batas-bayar`);
      const section = page.locator("#batas-bayar");
      expect(await section.locator('input[name="beforeSlotMinutes"]').inputValue()).toBe("120");
      await screenshot(section, `payment-deadline-settings-${size}`);
    }
    await context.close();
    // The seeded placeholder image, shown before the upload replaced it, answers 404.
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
  });

  it.each([
    ["phone", PHONE, 0],
    ["desktop", DESKTOP, 1],
  ] as const)("at %s size shows a QR for exactly the bill and the deadline", async (size, viewport, n) => {
    const orderId = seeded.orderIds[n];
    const context = await newContext(shop.browser, viewport);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await login(page, shop.url, seeded.customer!.email, seeded.customer!.password);
    const answer = await page.goto(`${shop.url}/orders/${orderId}`);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    const box = page.getByTestId("qris-amount");
    await box.scrollIntoViewIfNeeded();
    expect(await box.textContent()).toContain(formatRupiah(41123));
    const scanned = await scanQr(page);
    expect(parseQris(scanned ?? "")).toMatchObject({ ok: true, amount: 41123, merchantName: "Sayur Jember" });
    const deadline = page.getByTestId("payment-deadline");
    expect(await deadline.textContent()).toMatch(/Bayar sebelum .+ WIB/);
    await screenshot(page, `payment-due-${size}`);
    await screenshot(page.locator("#pembayaran"), `payment-due-card-${size}`);
    await context.close();
    expect(errors).toEqual([]);
  });

  it("lets staff extend the deadline, which the shopper then reads", async () => {
    const orderId = seeded.orderIds[0];
    const staffContext = await newContext(shop.browser, PHONE);
    const staff = await staffContext.newPage();
    await adminLogin(staff, shop.url, OWNER);
    await staff.goto(`${shop.url}/admin/orders/${orderId}`);
    const before = await staff.getByTestId("staff-payment-deadline").textContent();
    const field = staff.locator('input[name="dueAt"]');
    const proposed = await field.inputValue();
    expect(proposed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await waitForHydration(staff);
    await staff.getByRole("button", { name: "Perpanjang Batas Bayar" }).click();
    await expect
      .poll(() => staff.getByTestId("staff-payment-deadline").textContent(), { timeout: 20_000 })
      .not.toBe(before);
    await staff.getByTestId("staff-payment-deadline").scrollIntoViewIfNeeded();
    await screenshot(staff, "payment-due-staff-phone");
    const after = await staff.getByTestId("staff-payment-deadline").textContent();
    await staffContext.close();

    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await login(page, shop.url, seeded.customer!.email, seeded.customer!.password);
    await page.goto(`${shop.url}/orders/${orderId}`);
    expect(await page.getByTestId("payment-deadline").textContent()).toContain(after ?? "-");
    await context.close();
  });
});
