// 'Cetak Struk' in the browser: staff open an order's receipt for the 58 mm and the 80 mm roll.
// The QR under the totals, read as a customer's phone camera would, opens the order's page on
// the shop's address; the PDF Chromium prints is exactly as wide as the roll and carries the
// order number, the lines and the total in rupiah; each receipt is one page in bulk.
import { writeFileSync } from "node:fs";
import jsQR from "jsqr";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, products } from "~/db/schema";
import { nextDeliverySlot } from "~/lib/delivery-sheet";
import { DEFAULT_DELIVERY_SLOTS } from "~/lib/delivery-settings";
import { orderGrandTotal } from "~/lib/orders";
import { plainRupiah } from "~/lib/order-text";
import { createOrder, createUser } from "../support/factories";
import { hasChromium, PHONE, trackPageErrors } from "../support/browser";
import { adminLogin, screenshot, setupBrowserShop } from "../support/browser-shop";
import { pdfPageSizesMm, pdfText } from "../support/pdf";

const STAFF = { email: "struk.staf@sayurjember.id", password: "Cetak-Struk-Sayur-2026", name: "Dewi Staf" };
const next = nextDeliverySlot({ slots: DEFAULT_DELIVERY_SLOTS, closedDays: [] }, new Date());

/** The text of the QR in a PNG, read as a phone camera would. */
async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png)
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe.skipIf(!hasChromium)("receipts ('Cetak Struk')", () => {
  const ids: Record<string, string> = {};
  let total = 0;
  const shop = setupBrowserShop({
    staff: [{ ...STAFF, role: "staff" }],
    seed: async (db) => {
      const [product] = await db.select().from(products).where(eq(products.isActive, true)).limit(1);
      const customer = await createUser(db, { name: "Siti Aminah" });
      for (const [key, recipientName] of [
        ["siti", "Siti Aminah"],
        ["budi", "Budi Santoso"],
      ]) {
        const order = await createOrder(db, {
          userId: customer.id,
          items: [{ productId: product.id, quantity: 3 }],
          deliveryDate: next.date,
          deliverySlot: next.slot,
          deliveryAreaName: "Sumbersari",
          recipientName,
          recipientAddress: "Jl. Kalimantan No. 37, Sumbersari, Jember",
          deliveryFee: 8_000,
        });
        ids[key] = order.id;
      }
      const [row] = await db
        .update(orders)
        .set({ paymentMethod: "cod", billFinalAt: new Date() })
        .where(eq(orders.id, ids.siti))
        .returning();
      total = orderGrandTotal(row.totalAmount, row.deliveryFee);
    },
  });

  it.each(["58", "80"] as const)(
    "a %s mm receipt: a QR to the order's page, a PDF as wide as the roll with the order and its total",
    async (lebar) => {
      // A phone's screen density, as staff open it on their phone to print over Bluetooth.
      const context = await shop.browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: 3,
        locale: "id-ID",
        timezoneId: "Asia/Jakarta",
      });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await adminLogin(page, shop.url, STAFF);
      await page.goto(`${shop.url}/admin/receipts/print?order=${ids.siti}&lebar=${lebar}`);
      const receipt = page.getByRole("region", { name: `Struk #${ids.siti.slice(0, 8)}` });
      await receipt.waitFor();
      expect(await receipt.textContent()).toContain("Pindai untuk lihat pesanan");
      await screenshot(page, `receipt-${lebar}-phone`);

      // The QR opens the customer's order page on the shop's address.
      const qr = receipt.getByRole("img", { name: "QR halaman pesanan" });
      const box = await qr.boundingBox();
      // ~28 mm on the 58 mm roll, ~40 mm on 80 mm (96 CSS px to the inch).
      expect((box?.width ?? 0) / (96 / 25.4)).toBeCloseTo(lebar === "58" ? 28 : 40, 0);
      expect(await readQr(await qr.screenshot())).toBe(`${shop.url}/orders/${ids.siti}`);

      // Printed: one page exactly as wide as the roll, with the order, its lines and total.
      await page.emulateMedia({ media: "print" });
      const pdf = await page.pdf({ width: `${lebar}mm`, preferCSSPageSize: true, printBackground: true });
      writeFileSync(`test-results/screenshots/receipt-${lebar}.pdf`, pdf);
      const sizes = pdfPageSizesMm(pdf);
      expect(sizes).toHaveLength(1);
      expect(sizes[0].width).toBeCloseTo(Number(lebar), 0);
      const text = pdfText(pdf);
      expect(text).toContain(`Pesanan #${ids.siti.slice(0, 8)}`);
      expect(text).toMatch(new RegExp(`TOTAL\\s+${plainRupiah(total).replace(".", "\\.")}`));
      expect(text).toContain("Pindai untuk lihat pesanan");
      // The toolbar is not printed.
      expect(text).not.toContain("Kembali");

      // The roll as it prints, for a look: the page at the roll's width in print media.
      await page.setViewportSize({ width: Math.round((Number(lebar) * 96) / 25.4), height: 844 });
      await screenshot(page, `receipt-${lebar}-roll`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("a slot's receipts print one to a page on the 58 mm roll", async () => {
    const context = await shop.browser.newContext({ viewport: PHONE, locale: "id-ID", timezoneId: "Asia/Jakarta" });
    const page = await context.newPage();
    await adminLogin(page, shop.url, STAFF);
    await page.goto(`${shop.url}/admin/receipts/print?date=${next.date}&slot=${next.slot}&lebar=58`);
    await page.getByRole("region", { name: `Struk #${ids.budi.slice(0, 8)}` }).waitFor();
    const pdf = await page.pdf({ width: "58mm", preferCSSPageSize: true, printBackground: true });
    const sizes = pdfPageSizesMm(pdf);
    expect(sizes).toHaveLength(2);
    for (const size of sizes) expect(size.width).toBeCloseTo(58, 0);
    const text = pdfText(pdf);
    expect(text).toContain(`Pesanan #${ids.siti.slice(0, 8)}`);
    expect(text).toContain(`Pesanan #${ids.budi.slice(0, 8)}`);
    await context.close();
  });
});
