// Page helpers shared by browser tests. The account flows follow the forms' contract:
// /register has inputs named name, email, phone, address, password, confirmPassword and a
// checkbox named terms; /login has inputs named email and password; both submit with a
// button whose text is 'Daftar' / 'Masuk'.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { waitForHydration } from "../support/browser";

export type TestCustomer = { name: string; email: string; phone: string; address: string; password: string };

export function newCustomer(overrides: Partial<TestCustomer> = {}): TestCustomer {
  const id = randomBytes(4).toString("hex");
  return {
    name: "Siti Aminah",
    email: `siti.${id}@contoh.id`,
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    password: `Sayur-Segar-${id}`,
    ...overrides,
  };
}

export async function register(page: Page, baseUrl: string, customer: TestCustomer) {
  await page.goto(`${baseUrl}/register`);
  await waitForHydration(page);
  await page.fill('input[name="name"]', customer.name);
  await page.fill('input[name="email"]', customer.email);
  await page.fill('input[name="phone"]', customer.phone);
  await page.fill('[name="address"]', customer.address);
  await page.fill('input[name="password"]', customer.password);
  await page.fill('input[name="confirmPassword"]', customer.password);
  await page.check('input[name="terms"]');
  await page.getByRole("button", { name: "Daftar", exact: true }).click();
  await page.getByText("Registrasi Berhasil").waitFor();
}

/** Logs in through /login and waits until the browser has left the login page. */
export async function login(page: Page, baseUrl: string, email: string, password: string, redirect?: string) {
  await page.goto(`${baseUrl}/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15_000 });
}

export async function registerAndLogin(
  page: Page,
  baseUrl: string,
  overrides: Partial<TestCustomer> = {},
  redirect?: string,
): Promise<TestCustomer> {
  const customer = newCustomer(overrides);
  await register(page, baseUrl, customer);
  await login(page, baseUrl, customer.email, customer.password, redirect);
  return customer;
}

/** Saves a full-page screenshot under test-results/screenshots for people to look at. */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/**
 * Opens a dropdown menu. Its code loads on its own after the page hydrates, and a click on the
 * server-rendered button before then opens nothing, so this clicks until the menu shows.
 */
export async function openMenu(page: Page, trigger: ReturnType<Page["getByRole"]>) {
  const menu = page.getByRole("menu");
  await expect
    .poll(
      async () => {
        if (!(await menu.isVisible())) await trigger.click();
        return menu.isVisible();
      },
      { timeout: 15_000, interval: 400 },
    )
    .toBe(true);
  return menu;
}
