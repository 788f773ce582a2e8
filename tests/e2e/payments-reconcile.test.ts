// Money that reconciles itself, in the browser at phone and desktop size: the shopper's payment
// box says 'Transfer tepat' with the bill's kode unik and the line explaining it; staff upload the
// KlikBCA statement on 'Pembayaran', the credit of exactly that amount marks the order 'Lunas'
// with 'Dicocokkan dari mutasi BCA' in its change log, the unknown credit waits under 'Perlu
// Dicek' until staff tap 'Bukan pembayaran pesanan', and the shopper's box then reads 'Lunas'.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { transferCodes } from "~/db/schema";
import { parseCheckout } from "~/lib/checkout";
import { shopDate } from "~/lib/dates";
import { hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { adminLogin, atBothSizes, login, screenshot, setupBrowserShop } from "../support/browser-shop";
import { configureBankAccount, createProduct, createUser, nextDelivery } from "../support/factories";
import { placeOrder } from "~/server/orders/placing.server";

const STAFF = { email: "kasir@sayurjember.id", password: "Kasir-Segar-2026", name: "Rina Kasir" };
const SHOPPER = { email: "siti.bayar@contoh.id", password: "Sayur-Segar-Bayar-2026", name: "Siti Aminah" };
// Rp 100.000 of goods and the area's Rp 5.000 fee, with the code 123.
const TRANSFER = 105123;
const seeded = { orderId: "" };

async function seed(db: Database) {
  await configureBankAccount(db);
  const shopper = await createUser(db, SHOPPER);
  const product = await createProduct(db, {
    name: "Paket Sayur Sepekan",
    price: 100000,
    stock: 20,
    soldByWeight: false,
  });
  const parsed = parseCheckout({
    name: SHOPPER.name,
    phone: "0812-3456-7890",
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    notes: "",
    ...nextDelivery(),
    area: "sumbersari",
    paymentMethod: "transfer",
    lines: [{ productId: product.id, quantity: 1 }],
    idempotencyKey: randomBytes(16).toString("hex"),
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  const placed = await placeOrder(db, { id: shopper.id }, parsed.data);
  if (!placed.ok) throw new Error(placed.message);
  seeded.orderId = placed.order.id;
  // The code is random; the statement below names this one.
  await db
    .update(transferCodes)
    .set({ code: 123, amount: TRANSFER })
    .where(and(eq(transferCodes.orderId, placed.order.id), isNull(transferCodes.releasedAt)));
}

/** Today's KlikBCA export: the shopper's transfer, a credit no order asks for, a PEND line. */
function statementFile(): string {
  const today = shopDate();
  const [y, m, d] = today.split("-");
  const dm = `${d}/${m}`;
  const csv = [
    "Informasi Rekening - Mutasi Rekening",
    "",
    "No. rekening : ,'0183456789",
    "Nama : ,SAYUR JEMBER",
    `Periode : ,01/${m}/${y} - ${d}/${m}/${y}`,
    "Kode Mata Uang : ,Rp",
    "",
    "Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo",
    `'${dm},TRSF E-BANKING CR ${d}${m}/FTSCY/WS95031       105123.00SITI AMINAH,'0000,"105,123.00",CR,"5,105,123.00"`,
    `'${dm},BI-FAST CR BIF TRANSFER DR 009 RINA MARLINA,'0000,"77,777.00",CR,"5,182,900.00"`,
    `PEND,TRSF E-BANKING CR ${d}${m}/FTSCY/WS95031        33333.00AGUS SALIM,'0000,"33,333.00",CR,"5,216,233.00"`,
    'Saldo Awal,"5,000,000.00"',
    'Mutasi Kredit,"182,900.00",2',
    'Mutasi Debet,"0.00",0',
    'Saldo Akhir,"5,182,900.00"',
  ].join("\r\n");
  const dir = join(tmpdir(), `mutasi-${randomBytes(4).toString("hex")}`);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "mutasi-bca.csv");
  writeFileSync(path, csv);
  return path;
}

describe.skipIf(!hasChromium)("payments reconcile themselves", () => {
  const shop = setupBrowserShop({ staff: [STAFF], seed });

  async function shopperPage(size: { width: number; height: number }): Promise<Page> {
    const context = await newContext(shop.browser, size);
    const page = await context.newPage();
    await login(page, shop.url, SHOPPER.email, SHOPPER.password);
    await page.goto(`${shop.url}/orders/${seeded.orderId}`);
    return page;
  }

  it("shows the exact amount to the shopper, matches the statement and lists the rest for staff", async () => {
    // The shopper's payment box, read at both sizes on one page.
    const page = await shopperPage(PHONE);
    const errors = trackPageErrors(page);
    const box = page.getByTestId("transfer-exactly");
    await box.waitFor();
    await atBothSizes(page, async (size) => {
      expect(await box.innerText()).toMatch(/Transfer tepat Rp.105\.123/);
      expect(await box.innerText()).toContain("3 digit terakhir adalah kode unik untuk mencocokkan pembayaran Anda");
      expect(await box.innerText()).toContain("0987-01-004567-53-2");
      await box.scrollIntoViewIfNeeded();
      await screenshot(page, `payment-box-${size}`);
    });
    expect(errors).toEqual([]);
    await page.context().close();

    // Staff upload the day's statement on 'Pembayaran' (phone), and read the page at desktop size.
    const staffContext = await newContext(shop.browser, PHONE);
    const staff = await staffContext.newPage();
    const staffErrors = trackPageErrors(staff);
    await adminLogin(staff, shop.url, STAFF);
    await staff.goto(`${shop.url}/admin/payments`);
    await waitForHydration(staff);
    await staff.getByRole("heading", { name: "Pembayaran", level: 1 }).waitFor();
    await staff.getByLabel("Berkas mutasi").setInputFiles(statementFile());
    await staff.getByRole("button", { name: "Unggah Mutasi" }).click();
    await staff
      .getByText("Mutasi BCA dibaca: 2 baris baru, 1 pesanan Lunas, 1 perlu dicek, 1 baris PEND dilewati.")
      .waitFor();
    const review = staff.getByTestId("review-line");
    expect(await review.count()).toBe(1);
    expect(await review.innerText()).toContain("Tidak ada tagihan terbuka dengan jumlah ini.");
    await atBothSizes(staff, (size) => screenshot(staff, `payments-page-${size}`));

    // One tap settles the credit nobody's bill asks for.
    await review.getByRole("button", { name: "Bukan pembayaran pesanan" }).click();
    await staff.getByText(/Mutasi Rp.77\.777 ditandai bukan pembayaran pesanan\./).waitFor();
    await staff.getByText("Tidak ada mutasi yang perlu dicek.").waitFor();
    expect(await staff.getByTestId("review-line").count()).toBe(0);

    // The order's change log names the statement line that paid it.
    await staff.goto(`${shop.url}/admin/orders/${seeded.orderId}`);
    const [d, m] = [shopDate().slice(8, 10), shopDate().slice(5, 7)];
    await staff
      .getByText(new RegExp(`Dicocokkan dari mutasi BCA ${d}/${m}: diterima Rp.105\\.123`))
      .first()
      .waitFor();
    expect(staffErrors).toEqual([]);
    await staffContext.close();

    // The shopper now reads 'Lunas' and no longer sees an amount to transfer.
    const after = await shopperPage(PHONE);
    await after.getByTestId("payment-status").getByText("Lunas").waitFor();
    expect(await after.getByTestId("transfer-exactly").count()).toBe(0);
    await screenshot(after, "payment-box-paid-phone");
    await after.context().close();
    // Three browser sessions on a shared machine: more than the default two minutes.
  }, 400_000);
});
