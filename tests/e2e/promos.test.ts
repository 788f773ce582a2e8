// 'Kode Promo' end to end: staff make a code at /admin/promos, a shopper types it at checkout
// and presses 'Pakai', sees the discount in the summary, places the order (the chat to the shop
// names the promo) and finds the discount on their order page. The shopper is on a phone and staff
// at the desk; the checkout summary and the promo form are laid out differently at the two
// sizes, so each page is also looked at in the other size.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seedProducts } from "~/db/seed-data";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import {
  addToCart,
  adminLogin,
  atBothSizes,
  login,
  nextWhatsAppTab,
  registerAndLogin,
  screenshot,
  setupBrowserShop,
  stubWhatsApp,
} from "../support/browser-shop";
import type { Database } from "~/db/client.server";
import { parseCheckout } from "~/lib/checkout";
import { editOrder } from "~/server/orders/edits.server";
import { setDeliveryFee } from "~/server/orders/fee.server";
import { placeOrder } from "~/server/orders/placing.server";
import {
  configureBankAccount,
  createProduct,
  createPromo,
  createUser,
  liftOrdersPerCustomerLimit,
  nextDelivery,
  type TestUser,
} from "../support/factories";

const SHOP_WHATSAPP = "6289876543210";
const OWNER = {
  email: "pemilik.promo@sayurjember.id",
  password: "Pemilik-Promo-2026",
  name: "Bu Ratna",
  role: "owner" as const,
};

const weighed: { customer?: TestUser; orderId?: string } = {};

/** A weighed order with a 10% code (minimum Rp 40.000) whose final bill came to Rp 33.000 of goods. */
async function seed(db: Database) {
  await configureBankAccount(db);
  await liftOrdersPerCustomerLimit(db);
  const owner = await createUser(db, { role: "admin", name: "Pak Timbang" });
  const staff = { id: owner.id, role: "admin" as const };
  weighed.customer = await createUser(db, { name: "Ibu Timbang" });
  const melon = await createProduct(db, {
    name: "Melon Promo",
    price: 40_000,
    soldByWeight: true,
    weightStep: 100,
    weightMin: 100,
    stock: 10_000,
  });
  const bayam = await createProduct(db, { name: "Bayam Promo", price: 5_000, stock: 20 });
  await createPromo(db, staff, {
    code: "TIMBANG10",
    kind: "percent",
    value: 10,
    maxDiscount: 20_000,
    minSpend: 40_000,
  });
  const input = parseCheckout({
    name: "Ibu Timbang",
    phone: "081298765432",
    address: "Jl. Mastrip No. 5, Jember",
    ...nextDelivery(),
    paymentMethod: "transfer",
    promoCode: "timbang10",
    lines: [
      { productId: melon.id, quantity: 1000 },
      { productId: bayam.id, quantity: 1 },
    ],
    idempotencyKey: "promo-timbang-0000000001",
  });
  if (!input.success) throw new Error(JSON.stringify(input.fieldErrors));
  const placed = await placeOrder(db, weighed.customer, input.data, { announce: false });
  if (!placed.ok) throw new Error(placed.message);
  const id = placed.order.id;
  weighed.orderId = id;
  const item = placed.order.items.find((i) => i.productName === "Melon Promo")!;
  await editOrder(db, staff, id, { intent: "weight", version: 1, itemId: item.id, amount: "0,7" });
  await setDeliveryFee(db, staff, { orderId: id, deliveryFee: 7000, version: 2 });
  const final = await editOrder(db, staff, id, { intent: "finalize", version: 3 });
  if (!final.ok) throw new Error(final.message);
}

async function createCode(page: Page, baseUrl: string, code: string) {
  await page.goto(`${baseUrl}/admin/promos`);
  await waitForHydration(page);
  const form = page.locator("form", { has: page.locator('input[name="intent"][value="create"]') });
  await form.locator('input[name="code"]').fill(code.toLowerCase());
  await form.locator('select[name="kind"]').selectOption("fixed");
  await form.locator('input[name="value"]').fill("5.000");
  await form.locator('input[name="minSpend"]').fill("10.000");
  await form.locator('input[name="quota"]').fill("10");
  await form.getByRole("button", { name: "Simpan Promo" }).click();
  await page.getByText(`Promo ${code} disimpan.`).waitFor();
  await page.locator(`[data-promo="${code}"]`).waitFor();
}

describe.skipIf(!hasChromium)("a promo code from /admin/promos to the order page", () => {
  const shop = setupBrowserShop({
    staff: [OWNER],
    seed,
    env: { SHOP_WHATSAPP },
  });

  it("a weighed final bill under the code's minimum keeps the promo and says so, to the shopper and to staff", async () => {
    // The shopper on a phone, staff at the desk; each page is looked at in both sizes.
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await login(page, shop.url, weighed.customer!.email, weighed.customer!.password);
    await page.goto(`${shop.url}/orders/${weighed.orderId}`);
    const bill = page.locator("section", { has: page.getByRole("heading", { name: "Tagihan Final" }) });
    await bill.getByTestId("order-promo").waitFor();
    expect(await bill.getByTestId("order-promo").textContent()).toContain("−Rp\u00a03.300");
    expect(await bill.getByTestId("promo-below-minimum").textContent()).toBe(
      "Promo tetap berlaku walau total timbang di bawah minimum.",
    );
    // 28.000 + 5.000 of goods, 10% off, and the Rp 7.000 fee.
    expect(await bill.getByTestId("final-total").textContent()).toBe(formatRupiah(36_700));
    await atBothSizes(page, (size) => screenshot(page, `promo-final-bill-${size}`));
    await context.close();

    const desk = await newContext(shop.browser, DESKTOP);
    const admin = await desk.newPage();
    await adminLogin(admin, shop.url, OWNER);
    await admin.goto(`${shop.url}/admin/orders/${weighed.orderId}`);
    await admin.getByTestId("order-promo").first().waitFor();
    await atBothSizes(admin, (size) => screenshot(admin, `promo-staff-order-${size}`));
    await admin.goto(`${shop.url}/admin/orders/print/${weighed.orderId}`);
    await admin.getByTestId("order-promo").waitFor();
    await atBothSizes(admin, (size) => screenshot(admin, `promo-invoice-${size}`));
    await desk.close();
  });

  it("staff make a code at the desk, the shopper presses 'Pakai' on a phone, orders and sees the discount", async () => {
    const code = "HEMAT";
    const staff = await newContext(shop.browser, DESKTOP);
    const admin = await staff.newPage();
    await adminLogin(admin, shop.url, OWNER);
    await createCode(admin, shop.url, code);
    await atBothSizes(admin, (size) => screenshot(admin, `promo-admin-${size}`));
    await staff.close();

    const context = await newContext(shop.browser, PHONE);
    await stubWhatsApp(context);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await registerAndLogin(page, shop.url, { name: "Pembeli Promo" });
    const wortel = seedProducts.find((p) => p.slug === "wortel")!;
    const charged = discountedPrice(wortel.price, wortel.discount);
    await addToCart(page, shop.url, wortel, 4);

    await page.goto(`${shop.url}/checkout`);
    await waitForHydration(page);
    const goods = charged * 4;
    await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe(formatRupiah(goods));
    // Patrang: Rp 7.000 ongkir; the code takes Rp 5.000 off the goods.
    await page.locator('select[name="area"]').selectOption("patrang");
    const fee = 7000;
    await page.getByLabel("Kode Promo").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Pakai" }).click();
    await page.getByTestId("checkout-promo").waitFor();
    expect(await page.getByTestId("promo-message").textContent()).toBe(`Kode ${code} dipakai.`);
    expect(await page.getByTestId("checkout-promo").textContent()).toContain(`−${formatRupiah(5000)}`);
    await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe(formatRupiah(goods + fee - 5000));
    await page.getByRole("button", { name: "Pakai" }).waitFor();
    await atBothSizes(page, (size) => screenshot(page, `promo-checkout-${size}`));

    const chat = await nextWhatsAppTab(context, () => page.getByRole("button", { name: "Pesan Sekarang" }).click());
    const text = new URL(chat.url()).searchParams.get("text") ?? "";
    expect(text).toContain(`Promo ${code}: -Rp 5.000`);
    await page.waitForURL(/\/order-success/, { timeout: 15_000 });
    await page.getByRole("link", { name: "Lihat Pesanan" }).click();
    await page.getByTestId("order-promo").waitFor();
    expect(await page.getByTestId("order-promo").textContent()).toContain(`Promo ${code}`);
    expect(await page.getByTestId("order-total").textContent()).toBe(formatRupiah(goods + fee - 5000));
    await atBothSizes(page, (size) => screenshot(page, `promo-order-${size}`));
    expect(errors).toEqual([]);
    await context.close();
  });
});
