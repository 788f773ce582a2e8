// 'Gabungkan' on the staff order page: a customer's two open orders for the same delivery are
// offered together, staff merge one into the other after confirming, the target shows the lines
// added up, and the customer's merged order says 'Digabung ke #xxxx'. The order left open
// still takes additions, so a product page offers 'Tambah ke Pesanan #xxxx' to its shopper.
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { shortOrderId } from "~/lib/orders";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { adminLogin, login, screenshot, setupBrowserShop } from "../support/browser-shop";
import { createOrder, createProduct, createUser, nextDelivery, type TestUser } from "../support/factories";

const OWNER = {
  email: "pemilik.gabung@sayurjember.id",
  password: "Pemilik-Gabung-2026",
  name: "Bu Ratna",
  role: "owner" as const,
};
const seeded: { customer?: TestUser; first?: string; later?: string; slug?: string } = {};

async function seed(db: Database) {
  seeded.customer = await createUser(db, { name: "Ani Lestari" });
  const bayam = await createProduct(db, { name: "Bayam Hijau Gabung", price: 4000, stock: 40 });
  const telur = await createProduct(db, { name: "Telur Ayam Gabung", price: 2500, stock: 40 });
  seeded.slug = telur.slug;
  const { deliveryDate, slot } = nextDelivery();
  const common = { userId: seeded.customer.id, deliveryDate, deliverySlot: slot, deliveryFee: 5000 };
  seeded.first = (await createOrder(db, { ...common, items: [{ productId: bayam.id, quantity: 2 }] })).id;
  seeded.later = (
    await createOrder(db, {
      ...common,
      items: [
        { productId: bayam.id, quantity: 1 },
        { productId: telur.id, quantity: 4 },
      ],
    })
  ).id;
}

describe.skipIf(!hasChromium)("'Gabungkan' on the staff order page", () => {
  const shop = setupBrowserShop({ staff: [OWNER], seed });

  it("merges the later order into the first and the customer reads 'Digabung ke #'", async () => {
    const first = shortOrderId(seeded.first!);
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await adminLogin(page, shop.url, OWNER);
    await page.goto(`${shop.url}/admin/orders/${seeded.later}`);
    const button = page.getByRole("button", { name: `Gabungkan ke #${first}` });
    await button.waitFor();
    await waitForHydration(page);
    await screenshot(page, "merge-staff-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "merge-staff-phone");
    await button.click();
    await page.getByRole("button", { name: "Ya, Gabungkan" }).click();
    // The merged order is cancelled and its change log says where its lines went.
    await expect.poll(() => page.getByText(`Digabung ke #${first}:`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.goto(`${shop.url}/admin/orders/${seeded.first}`);
    const text = (await page.locator("body").textContent()) ?? "";
    expect(text).toContain(`Digabung dari #${shortOrderId(seeded.later!)}`);
    expect(errors).toEqual([]);
    await context.close();

    const customer = await newContext(shop.browser, PHONE);
    const mine = await customer.newPage();
    await login(mine, shop.url, seeded.customer!.email, seeded.customer!.password);
    await mine.goto(`${shop.url}/orders/${seeded.later}`);
    expect(await mine.locator("body").textContent()).toContain(`Digabung ke #${first}`);
    await screenshot(mine, "merge-customer-phone");
    // The order left open still takes additions: the product page offers it beside the cart.
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      await mine.setViewportSize(viewport);
      await mine.goto(`${shop.url}/products/${seeded.slug}`);
      await waitForHydration(mine);
      const add = mine.getByRole("button", { name: `Tambah ke Pesanan #${first}` });
      await add.waitFor({ timeout: 15_000 });
      await screenshot(mine, `product-add-to-order-${size}`);
    }
    await mine.getByRole("button", { name: `Tambah ke Pesanan #${first}` }).click();
    await mine.getByText(`Produk ditambahkan ke pesanan #${first}`).waitFor({ timeout: 15_000 });
    // The shop's chat hears of the addition: a ready message naming the order.
    const tell = mine.getByRole("link", { name: "Kabari toko via WhatsApp" });
    const chat = new URL((await tell.getAttribute("href"))!);
    expect(chat.searchParams.get("text")).toContain(`saya menambah pesanan #${first}`);
    await screenshot(mine, "product-added-to-order-desktop");
    // From the cart on the order page: the box offers the same message once the lines joined.
    await mine.getByRole("button", { name: "Tambah ke Keranjang" }).first().click();
    await expect.poll(() => mine.evaluate(() => localStorage.getItem("cart") ?? "[]")).not.toBe("[]");
    await mine.setViewportSize(PHONE);
    await mine.goto(`${shop.url}/orders/${seeded.first}`);
    await waitForHydration(mine);
    await mine.getByRole("button", { name: /^Tambah ke Pesanan \(1 produk/ }).click();
    const send = mine.getByRole("link", { name: "Kabari Toko via WhatsApp" });
    await send.waitFor({ timeout: 15_000 });
    expect(new URL((await send.getAttribute("href"))!).searchParams.get("text")).toContain("Telur Ayam Gabung");
    await screenshot(mine, "order-added-from-cart-phone");
    await customer.close();
  });
});
