// Farmers as suppliers in the browser, at the desk (each page also looked at on a phone): the owner
// accepts a farmer's application from the inbox ('Terima sebagai Petani Mitra'), names him as the
// farmer of a product (with its 'Batas Stok Menipis'), and tomorrow morning's picking list shows
// 'Daftar Belanja per Petani' with his totals and a 'Kirim via WhatsApp' link; the dashboard's
// 'Stok Menipis' card lists the product running low.
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { shopTomorrow } from "~/server/clock.server";
import { DESKTOP, hasChromium, newContext, trackPageErrors, waitForHydration } from "../support/browser";
import { createOrder, createPartnerApplication, createProduct, createUser, type TestUser } from "../support/factories";
import { adminLogin, atBothSizes, screenshot, setupBrowserShop } from "../support/browser-shop";

let owner: TestUser;
const date = shopTomorrow();
let productId = "";

async function seed(db: Database) {
  owner = await createUser(db, { role: "admin", name: "Bu Pemilik" });
  const customer = await createUser(db);
  await createPartnerApplication(db, {
    name: "Pak Slamet",
    phone: "081298765432",
    landAddress: "Sukorambi",
    products: "Tomat, cabai rawit",
  });
  const tomat = await createProduct(db, {
    name: "Tomat Sukorambi",
    soldByWeight: true,
    unit: "per kg",
    price: 14000,
    stock: 1500,
    weightStep: 250,
    weightMin: 250,
  });
  productId = tomat.id;
  await createOrder(db, {
    userId: customer.id,
    deliveryDate: date,
    deliverySlot: "pagi",
    items: [{ productId: tomat.id, quantity: 1250 }],
    takeStock: false,
  });
  await createProduct(db, { name: "Tahu Putih Tanpa Petani", unit: "pcs", stock: 30 }).then((tahu) =>
    createOrder(db, {
      userId: customer.id,
      deliveryDate: date,
      deliverySlot: "pagi",
      items: [{ productId: tahu.id, quantity: 4 }],
      takeStock: false,
    }),
  );
}

describe.skipIf(!hasChromium)("farmers as suppliers", () => {
  // The shop holds only the products seeded here, no sample catalog.
  const shop = setupBrowserShop({ seed, sampleCatalog: false });

  // Once, at the desk; each page is looked at on a phone too.
  it("accepts a farmer and sends him his list from the picking list", async () => {
    const farmer = "Pak Slamet";
    const product = "Tomat Sukorambi";
    const waNumber = "6281298765432";
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, owner);

    // The dashboard's 'Stok Menipis' card: 1,5 kg left of a 2 kg default limit.
    const card = page.getByRole("region", { name: "Stok Menipis" });
    await card.waitFor();
    expect(await card.textContent()).toContain(product);
    expect(await card.textContent()).toContain("sisa 1,5 kg");
    await atBothSizes(page, (label) => screenshot(page, `farmers-low-stock-${label}`));

    // The inbox: accept the application.
    await page.goto(`${shop.url}/admin/inbox?jenis=mitra`);
    await waitForHydration(page);
    const item = page.locator("li[data-inbox-id]", { hasText: farmer });
    await item.getByRole("button", { name: "Terima sebagai Petani Mitra" }).click();
    await page.waitForURL(`${shop.url}/admin/suppliers`);
    await page.getByRole("heading", { level: 1, name: "Petani Mitra" }).waitFor();
    await page.getByTestId("flash").getByText(`${farmer} kini Petani Mitra`).waitFor();
    const row = page.locator(`[data-supplier="${farmer}"]`);
    expect(await row.textContent()).toContain("0812-9876-5432");
    await atBothSizes(page, (label) => screenshot(page, `farmers-suppliers-${label}`));
    // A wrong number in his edit form is refused with a message beside it, nothing saved.
    await waitForHydration(page);
    await row.getByText("Ubah atau hapus").click();
    await row.getByLabel("Nomor WhatsApp").fill("12345");
    await row.getByRole("button", { name: "Simpan Perubahan" }).click();
    await page
      .locator(`[data-supplier="${farmer}"]`)
      .getByText("Nomor WhatsApp tidak valid", { exact: false })
      .first()
      .waitFor();
    await atBothSizes(page, (label) => screenshot(page, `farmers-suppliers-error-${label}`));
    // The inbox now says so instead of offering the button again.
    await page.goto(`${shop.url}/admin/inbox?jenis=mitra`);
    await page
      .locator("li[data-inbox-id]", { hasText: farmer })
      .getByRole("link", { name: "Sudah menjadi Petani Mitra" })
      .waitFor();
    await atBothSizes(page, (label) => screenshot(page, `farmers-inbox-accepted-${label}`));

    // The product form: name the farmer and a limit of 1 kg.
    await page.goto(`${shop.url}/admin/products/${productId}`);
    await waitForHydration(page);
    await page.getByLabel("Petani Mitra").selectOption({ label: `${farmer} (Sukorambi)` });
    await page.getByLabel("Batas Stok Menipis").fill("1");
    await page.getByRole("button", { name: "Simpan Produk" }).click();
    await page.getByTestId("flash").getByText(`Produk "${product}" disimpan.`).waitFor();
    await atBothSizes(page, (label) => screenshot(page, `farmers-product-farmer-${label}`));
    expect(await page.getByLabel("Batas Stok Menipis").inputValue()).toBe("1");

    // Tomorrow morning's picking list: the farmer's list with his WhatsApp link.
    await page.goto(`${shop.url}/admin/picking-list?date=${date}&slot=pagi`);
    const lists = page.getByTestId("farmer-lists");
    await lists.waitFor();
    const mine = lists.locator(`[data-farmer="${farmer}"]`);
    expect(await mine.textContent()).toContain(`${product}1,25 kg`);
    const href = await mine.getByRole("link", { name: "Kirim via WhatsApp" }).getAttribute("href");
    const wa = new URL(href ?? "");
    expect(`${wa.host}${wa.pathname}`).toBe(`wa.me/${waNumber}`);
    expect(wa.searchParams.get("text")).toContain(`- ${product}: 1,25 kg`);
    const none = lists.locator('[data-farmer="Tanpa Petani"]');
    expect(await none.textContent()).toContain("Tahu Putih Tanpa Petani4 pcs");
    await lists.scrollIntoViewIfNeeded();
    await atBothSizes(page, (label) => screenshot(page, `farmers-picking-farmers-${label}`));
    await page.goto(`${shop.url}/admin/picking-list/print?date=${date}&slot=pagi`);
    await page.getByRole("heading", { name: "Daftar Belanja per Petani" }).waitFor();
    expect(await page.locator(`[data-farmer="${farmer}"]`).textContent()).toContain("1,25 kg");
    await atBothSizes(page, (label) => screenshot(page, `farmers-picking-print-${label}`));

    // The dashboard no longer counts the product low: 1,5 kg is above its new 1 kg limit.
    await page.goto(`${shop.url}/admin/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Ringkasan" }).waitFor();
    const cardText = (await page.getByRole("region", { name: "Stok Menipis" }).count())
      ? await page.getByRole("region", { name: "Stok Menipis" }).textContent()
      : "";
    expect(cardText).not.toContain(product);
    // The refused edit answers 400 on purpose; nothing else may fail.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await context.close();
  });
});
