// What a fast thumb types or chooses before the page's scripts have taken over is kept: the
// scripts are held back, the form is filled, the scripts are let go, and the page then works
// with exactly what was typed (checkout places the order with the area and note chosen;
// login, registration and the profile send what is in their fields). Each at one size.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import {
  addToCart,
  atBothSizes,
  newCustomer,
  nextWhatsAppTab,
  register,
  registerAndLogin,
  screenshot,
  setupBrowserShop,
  SIGNED_UP_NOTICE,
  stubWhatsApp,
} from "../support/browser-shop";

const shop = setupBrowserShop();
// The shop's service worker would hand out the scripts itself, past the hold below.
const NO_WORKER = { serviceWorkers: "block" } as const;

/** Holds every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await waitForHydration(page);
    await page.unroute(/\/assets\/.*\.js$/);
  };
}

async function notHydrated(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
}

describe.skipIf(!hasChromium)("input typed before the scripts arrive", () => {
  it("checkout keeps the area, the note and the other fields and places the order with them", async () => {
    const context = await newContext(shop.browser, PHONE, NO_WORKER);
    await stubWhatsApp(context);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await registerAndLogin(page, shop.url, { name: "Cepat" });
    await addToCart(page, shop.url, { slug: "wortel", name: "Wortel" });

    const release = await holdScripts(page);
    await page.goto(`${shop.url}/checkout`, { waitUntil: "domcontentloaded" });
    const area = page.locator('select[name="area"]');
    const kaliwates = await area.locator("option", { hasText: "Kaliwates" }).getAttribute("value");
    await area.selectOption(kaliwates!);
    const note = "Pagar hijau, titip satpam";
    await page.fill('textarea[name="notes"]', note);
    await page.fill('input[name="phone"]', "081299990000");
    await notHydrated(page);
    await release();

    // The page's state is what was typed: the fields keep it and 'Pesan Sekarang' can be pressed.
    expect(await area.inputValue()).toBe(kaliwates);
    expect(await page.inputValue('textarea[name="notes"]')).toBe(note);
    expect(await page.inputValue('input[name="phone"]')).toBe("081299990000");
    const order = page.getByRole("button", { name: "Pesan Sekarang" });
    await expect.poll(() => order.isEnabled(), { timeout: 10_000 }).toBe(true);
    await atBothSizes(page, (size) => screenshot(page, `typed-before-hydration-checkout-${size}`));
    const chat = await nextWhatsAppTab(context, () => order.click());
    const text = new URL(chat.url()).searchParams.get("text") ?? "";
    expect(text).toContain("Ongkir (Kaliwates");
    expect(text).toContain(`Catatan: ${note}`);
    expect(text).toContain("Telepon: 6281299990000");
    await page.waitForURL(/\/order-success/, { timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("login sends the e-mail and password typed before the scripts arrived", async () => {
    const context = await newContext(shop.browser, PHONE, NO_WORKER);
    const page = await context.newPage();
    const customer = newCustomer({ name: "Login Cepat" });
    await register(page, shop.url, customer);
    await page.context().clearCookies();

    const release = await holdScripts(page);
    await page.goto(`${shop.url}/login`, { waitUntil: "domcontentloaded" });
    await page.fill('input[name="email"]', customer.email);
    await page.fill('input[name="password"]', customer.password);
    await notHydrated(page);
    await release();
    expect(await page.inputValue('input[name="email"]')).toBe(customer.email);
    expect(await page.inputValue('input[name="password"]')).toBe(customer.password);
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15_000 });
    await context.close();
  });

  it("registration keeps every field and the ticked terms", async () => {
    const context = await newContext(shop.browser, PHONE, NO_WORKER);
    const page = await context.newPage();
    const customer = newCustomer({ name: "Daftar Cepat" });
    const release = await holdScripts(page);
    await page.goto(`${shop.url}/register`, { waitUntil: "domcontentloaded" });
    await page.fill('input[name="name"]', customer.name);
    await page.fill('input[name="email"]', customer.email);
    await page.fill('input[name="phone"]', customer.phone);
    await page.fill('[name="address"]', customer.address);
    await page.fill('input[name="password"]', customer.password);
    await page.fill('input[name="confirmPassword"]', customer.password);
    await page.check('input[name="terms"]');
    await notHydrated(page);
    await release();
    expect(await page.inputValue('input[name="email"]')).toBe(customer.email);
    expect(await page.isChecked('input[name="terms"]')).toBe(true);
    await page.getByRole("button", { name: "Daftar", exact: true }).click();
    await page.getByTestId("toast").filter({ hasText: SIGNED_UP_NOTICE }).waitFor();
    await page.waitForURL(`${shop.url}/`);
    await context.close();
  });

  it("the profile keeps the name, phone and area typed before the scripts arrived and saves them", async () => {
    const context = await newContext(shop.browser, DESKTOP, NO_WORKER);
    await registerAndLogin(await context.newPage(), shop.url, { name: "Profil Lama" });
    // A tab of its own: the first one has every script of the profile in its memory already.
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto(`${shop.url}/profile?edit=1`, { waitUntil: "domcontentloaded" });
    await page.fill('input[name="name"]', "Profil Baru Cepat");
    await page.fill('input[name="phone"]', "081277776666");
    const area = page.locator('select[name="area"]');
    const kaliwates = await area.locator("option", { hasText: "Kaliwates" }).getAttribute("value");
    await area.selectOption(kaliwates!);
    await notHydrated(page);
    await release();
    expect(await page.inputValue('input[name="name"]')).toBe("Profil Baru Cepat");
    expect(await area.inputValue()).toBe(kaliwates);
    await page.getByRole("button", { name: "Simpan Profil" }).click();
    await page.getByText("Profil berhasil disimpan.").first().waitFor();
    await page.goto(`${shop.url}/profile?edit=1`);
    await waitForHydration(page);
    expect(await page.inputValue('input[name="name"]')).toBe("Profil Baru Cepat");
    expect(await page.inputValue('input[name="phone"]')).toBe("081277776666");
    expect(await area.inputValue()).toBe(kaliwates);
    await context.close();
  });
});
