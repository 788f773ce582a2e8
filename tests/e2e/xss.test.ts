// Stored markup never runs (OWASP ASVS 5.0 V3.2): product names and descriptions, customer
// names and addresses, order notes and inbox messages holding <script>, a </script> that
// would end the JSON-LD block, javascript: links and onerror= attributes are shown as text
// on every page that shows them, for shoppers and staff, the invoice and the chat link.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, hasChromium, newContext } from "../support/browser";
import {
  createCategory,
  createContactMessage,
  createOrder,
  createProduct,
  createUser,
  type TestUser,
} from "../support/factories";
import { adminLogin, login, setupBrowserShop } from "../support/browser-shop";

const SCRIPT = (tag: string) => `<script>alert("xss-${tag}")</script>`;
const IMG = (tag: string) => `<img src=x onerror=alert("xss-${tag}")>`;
const PAYLOAD = (tag: string) =>
  `${SCRIPT(tag)} </script><script>alert("xss-${tag}-end")</script> ${IMG(tag)} <a href="javascript:alert('xss-${tag}-link')">klik</a>`;

let customer: TestUser;
let admin: TestUser;
let orderId = "";
let productId = "";
const productSlug = "bayam-uji-xss";
let categorySlug = "";

const shop = setupBrowserShop({
  async seed(db) {
    const category = await createCategory(db, `Kategori ${SCRIPT("kategori")}`);
    categorySlug = category.slug;
    productId = (
      await createProduct(db, {
        name: `Bayam ${SCRIPT("nama-produk")} ${IMG("nama-produk-img")}`,
        slug: productSlug,
        description: PAYLOAD("deskripsi"),
        categoryId: category.id,
        stock: 20,
      })
    ).id;
    customer = await createUser(db, { name: `Ani ${IMG("nama-pelanggan")}`, address: `Jl. ${PAYLOAD("alamat")}` });
    admin = await createUser(db, { role: "admin" });
    orderId = (
      await createOrder(db, {
        userId: customer.id,
        items: [{ productId, quantity: 1 }],
        recipientName: `Ani ${SCRIPT("penerima")}`,
        recipientAddress: `Jl. ${PAYLOAD("alamat-kirim")}`,
        notes: `Catatan ${PAYLOAD("catatan")}`,
      })
    ).id;
    await createContactMessage(db, {
      name: `Tamu ${IMG("tamu")}`,
      subject: SCRIPT("subjek"),
      message: PAYLOAD("pesan"),
    });
  },
});

/** Opens a page and reports anything injected that ran or was only stopped by the CSP. */
async function visit(page: Page, url: string) {
  const dialogs: string[] = [];
  const blocked: string[] = [];
  const onDialog = (d: { message: () => string; dismiss: () => Promise<void> }) => {
    dialogs.push(d.message());
    void d.dismiss();
  };
  const onConsole = (m: { text: () => string }) => {
    if (/Content Security Policy|xss-/i.test(m.text())) blocked.push(m.text());
  };
  page.on("dialog", onDialog);
  page.on("console", onConsole);
  await page.goto(`${shop.url}${url}`, { waitUntil: "networkidle" });
  // Give handlers of injected elements a moment to fire.
  await page.waitForTimeout(300);
  const dom = await page.evaluate(() => ({
    injectedImages: document.querySelectorAll('img[src="x"]').length,
    javascriptLinks: [...document.querySelectorAll("a[href]")].filter((a) =>
      a.getAttribute("href")!.trim().toLowerCase().startsWith("javascript:"),
    ).length,
    // An injected <script> element holds the payload as its code (the hydration data holds it only inside a string).
    runnableScripts: [...document.querySelectorAll("script")].filter(
      (s) => s.type !== "application/ld+json" && (s.textContent ?? "").trim().startsWith('alert("xss-'),
    ).length,
    jsonLdBreakouts: [...document.querySelectorAll('script[type="application/ld+json"]')].filter((s) =>
      /<\/script/i.test(s.textContent ?? ""),
    ).length,
    text: document.body.innerText,
  }));
  page.off("dialog", onDialog);
  page.off("console", onConsole);
  expect(dialogs, `${url}: injected script ran`).toEqual([]);
  expect(blocked, `${url}: injected markup reached the page and only the CSP stopped it`).toEqual([]);
  expect(dom.injectedImages, `${url}: injected <img>`).toBe(0);
  expect(dom.javascriptLinks, `${url}: javascript: link`).toBe(0);
  expect(dom.runnableScripts, `${url}: injected <script>`).toBe(0);
  expect(dom.jsonLdBreakouts, `${url}: </script> inside JSON-LD`).toBe(0);
  return dom.text;
}

describe.skipIf(!hasChromium)("stored markup is shown as text", () => {
  it("on the shop's pages", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    try {
      const productPage = await visit(page, `/products/${productSlug}`);
      expect(productPage).toContain(SCRIPT("nama-produk"));
      expect(productPage).toContain(`</script><script>alert("xss-deskripsi-end")</script>`);
      for (const url of [
        "/",
        "/products",
        `/products?q=${encodeURIComponent("Bayam <script>")}`,
        `/category/${categorySlug}`,
        "/categories",
      ])
        await visit(page, url);
      // The cart reads names from the server too.
      await page.evaluate((id) => localStorage.setItem("cart", JSON.stringify([{ id, quantity: 1 }])), productId);
      await visit(page, "/cart");
    } finally {
      await context.close();
    }
  });

  it("on the customer's own pages, and the chat link carries the notes only as encoded text", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    try {
      await login(page, shop.url, customer.email, customer.password);
      for (const url of [
        "/profile",
        "/profile?tab=pesanan",
        "/addresses",
        "/orders",
        `/order-success?order=${orderId}`,
      ])
        await visit(page, url);
      const orderPage = await visit(page, `/orders/${orderId}`);
      expect(orderPage).toContain(SCRIPT("penerima"));
      const chat = await page.evaluate(() =>
        [...document.querySelectorAll("a[href]")]
          .map((a) => a.getAttribute("href")!)
          .filter((h) => /wa\.me|whatsapp/.test(h)),
      );
      expect(chat.length).toBeGreaterThan(0);
      for (const href of chat) {
        expect(href).toMatch(/^https:\/\//);
        expect(href).not.toMatch(/[<>"]/);
      }
    } finally {
      await context.close();
    }
  });

  it("on the admin's pages and the invoice", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    try {
      await adminLogin(page, shop.url, admin);
      const urls = [
        "/admin/dashboard",
        `/admin/orders/${orderId}`,
        `/admin/orders/print/${orderId}`,
        "/admin/picking-list",
        "/admin/picking-list/print",
        "/admin/products",
        `/admin/products/${productId}`,
        "/admin/categories",
        "/admin/inbox",
        "/admin/inbox?tab=pesan",
        "/admin/customers",
      ];
      for (const url of urls) await visit(page, url);
      const invoice = await visit(page, `/admin/orders/print/${orderId}`);
      expect(invoice).toContain(SCRIPT("penerima"));
    } finally {
      await context.close();
    }
  });
});
