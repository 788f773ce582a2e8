// The browser tests' kit: the shop and a Chromium for a file (setupBrowserShop), its data
// seeded before the server starts, and the sign-in steps. Every browser test starts its shop
// here and signs in with these steps; none carries its own copy. The account flows follow the
// forms' contract: /register has inputs named name, email, phone, address, password,
// confirmPassword and a checkbox named terms; /login and /admin/login have inputs named email
// and password; they submit with a button whose text is 'Daftar' / 'Masuk'.
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { seedCatalogIfEmpty } from "~/db/seed.server";
import { DESKTOP, hasChromium, launchBrowser, PHONE, waitForHydration } from "./browser";
import { createStaff, DATA_DIR_TEMPLATE_ENV, startTestServer, type TestServer } from "./server";

export type StaffAccount = { email: string; password: string; name: string; role?: "owner" | "staff" };

export type BrowserShop = {
  /** The running shop; there from the suite's beforeAll on. */
  readonly server: TestServer;
  readonly browser: Browser;
  /** The shop's base URL, `http://127.0.0.1:<port>`. */
  readonly url: string;
  /**
   * Stops the server, runs `whileDown` (e.g. an order arriving through another process), and
   * starts it again on the same port and environment, as a restart in production does. The
   * data stays for a shop on PostgreSQL or one made with `seed` or `keepData`; otherwise it
   * starts afresh.
   */
  restartServer(whileDown?: () => Promise<void>): Promise<void>;
};

/**
 * The built shop (node server/start.mjs) and a Chromium for the tests of a file, or of the
 * describe block it is called in: started before them, stopped after them. Without Chromium
 * nothing starts (the browser tests skip themselves).
 * - `seed` writes the shop's data into a fresh PGlite data directory before the server opens it,
 *   on top of the sample catalog unless `sampleCatalog: false`.
 * - `keepData` gives the shop such a directory without extra data, kept until the file ends,
 *   so a test can stop the server (`shop.server.stop()`) and read what it stored in
 *   `shop.server.dataDir` (the embedded database belongs to the server while it runs).
 * - `staff` accounts are made with `npm run admin:create`, as the README tells a shop owner.
 * - `env` is the server's extra environment; a function is asked in beforeAll, after the
 *   file's own earlier beforeAll hooks (e.g. one that made a PostgreSQL database).
 */
export function setupBrowserShop(
  options: {
    seed?: (db: Database) => Promise<void>;
    sampleCatalog?: boolean;
    keepData?: boolean;
    staff?: StaffAccount[];
    env?: Record<string, string> | (() => Record<string, string>);
  } = {},
): BrowserShop {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  let env: Record<string, string> | undefined;
  beforeAll(async () => {
    if (!hasChromium) return;
    if (options.seed || options.keepData)
      dataDir = await seededDataDir(options.seed ?? (async () => {}), { sampleCatalog: options.sampleCatalog ?? true });
    env = typeof options.env === "function" ? options.env() : options.env;
    const startServer = async () => {
      server = await startTestServer({ dataDir, env });
      for (const account of options.staff ?? []) await createStaff(server, account);
    };
    const startBrowser = async () => {
      browser = await launchBrowser();
    };
    // Both at once; whichever started is stopped in afterAll even when the other failed.
    const results = await Promise.allSettled([startServer(), startBrowser()]);
    for (const result of results) if (result.status === "rejected") throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`setupBrowserShop: the ${what} starts in beforeAll`);
    return value;
  };
  return {
    get server() {
      return started(server, "server");
    },
    get browser() {
      return started(browser, "browser");
    },
    get url() {
      return started(server, "server").url;
    },
    async restartServer(whileDown) {
      const { port } = started(server, "server");
      await server?.stop();
      server = undefined;
      await whileDown?.();
      server = await startTestServer({ dataDir, env, port });
    },
  };
}

/** A fresh PGlite data directory with the data `seed` writes (and the sample catalog first). */
export async function seededDataDir(
  seed: (db: Database) => Promise<void>,
  { sampleCatalog = true }: { sampleCatalog?: boolean } = {},
): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sayur-e2e-seeded-"));
  // The first start's data, when the global setup made it, saves migrating and seeding again.
  const template = process.env[DATA_DIR_TEMPLATE_ENV];
  if (sampleCatalog && template) cpSync(template, dataDir, { recursive: true });
  const handle = await openDatabase({ kind: "pglite", dataDir, holder: "browser test seed" });
  try {
    if (sampleCatalog) await seedCatalogIfEmpty(handle.db);
    await seed(handle.db);
  } finally {
    await handle.close();
  }
  return dataDir;
}

/** The first link to `prefix...` in the server-rendered `pagePath`, e.g. a product on /products. */
export async function firstLink(baseUrl: string, pagePath: string, prefix: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}${pagePath}`)).text();
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const href = html.match(new RegExp(`href="(${escaped}[^"?#]+)"`))?.[1];
  if (!href) throw new Error(`no link to ${prefix}... on ${pagePath}`);
  return href;
}

/** The slug of the catalog's first product with stock, as the catalog page links it. */
export async function firstProductSlug(baseUrl: string): Promise<string> {
  return (await firstLink(baseUrl, "/products", "/products/")).slice("/products/".length);
}

/** Signs a staff member in through /admin/login and waits for the dashboard it leads to. */
export async function adminLogin(page: Page, baseUrl: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.fill('input[name="email"]', account.email);
  await page.fill('input[name="password"]', account.password);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`, { timeout: 15_000 });
}

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

/** The notice a new account gets on the page it returns to. */
export const SIGNED_UP_NOTICE = "Akun dibuat. Anda sudah masuk.";

/**
 * Fills the open /register form for `customer` without sending it; `confirmPassword` and
 * `terms: false` fill it wrongly, for a test of what the form then says.
 */
export async function fillRegistration(
  page: Page,
  customer: TestCustomer,
  { confirmPassword = customer.password, terms = true }: { confirmPassword?: string; terms?: boolean } = {},
) {
  await page.fill('input[name="name"]', customer.name);
  await page.fill('input[name="email"]', customer.email);
  await page.fill('input[name="phone"]', customer.phone);
  await page.fill('[name="address"]', customer.address);
  await page.fill('input[name="password"]', customer.password);
  await page.fill('input[name="confirmPassword"]', confirmPassword);
  if (terms) await page.check('input[name="terms"]');
}

/**
 * Signs up through /register (from `redirect`, when given) and waits until the shopper is back
 * on that page (or the home page), signed in, with the notice saying so.
 */
export async function register(page: Page, baseUrl: string, customer: TestCustomer, redirect?: string) {
  await page.goto(`${baseUrl}/register${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`);
  await waitForHydration(page);
  await fillRegistration(page, customer);
  await page.getByRole("button", { name: "Daftar", exact: true }).click();
  await page.getByTestId("toast").filter({ hasText: SIGNED_UP_NOTICE }).waitFor({ timeout: 15_000 });
  await page.waitForURL(`${baseUrl}${redirect ?? "/"}`, { timeout: 15_000 });
  expect(await sessionCookie(page.context(), baseUrl), "signed in after registering").toBeDefined();
}

/** The browser's session cookie for the shop (whatever its prefix), or undefined when signed out. */
export async function sessionCookie(context: BrowserContext, baseUrl: string) {
  return (await context.cookies(baseUrl)).find((c) => c.name.endsWith("session_token"));
}

/** Logs in through /login and waits until the browser has left the login page. */
export async function login(page: Page, baseUrl: string, email: string, password: string, redirect?: string) {
  await page.goto(`${baseUrl}/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.getByRole("button", { name: "Masuk", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15_000 });
}

/** A new customer, signed up through /register from `redirect` and so signed in, back on that page. */
export async function registerAndLogin(
  page: Page,
  baseUrl: string,
  overrides: Partial<TestCustomer> = {},
  redirect?: string,
): Promise<TestCustomer> {
  const customer = newCustomer(overrides);
  await register(page, baseUrl, customer, redirect);
  return customer;
}

/**
 * Saves a screenshot under test-results/screenshots for people to look at (`name` may hold a
 * folder, e.g. 'courier/kurir-phone'): the whole page, with `fullPage: false` what is in sight,
 * or one part of it when given a locator. The whole page is taken from the top (and the scroll
 * put back after), since a sticky header is drawn where the window was scrolled to: in the
 * middle of the picture otherwise.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
) {
  const path = `test-results/screenshots/${name}.png`;
  if (!("goto" in target)) {
    await target.screenshot({ path });
    return;
  }
  const page = target;
  if (!fullPage) {
    await page.screenshot({ path });
    return;
  }
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo({ left: 0, top: 0, behavior: "instant" });
    return at;
  });
  await page.screenshot({ path, fullPage: true });
  await page.evaluate((at) => window.scrollTo({ left: at.x, top: at.y, behavior: "instant" }), scrolled);
}

/** Lets wa.me links open without reaching the network: the context answers them with a page titled 'WhatsApp'. */
export async function stubWhatsApp(context: BrowserContext) {
  await context.route("https://wa.me/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
  );
}

/**
 * Runs `action` (the press that opens the shop's WhatsApp chat, e.g. 'Pesan Sekarang') and
 * returns the wa.me tab it opened, waited for up to 15 s. The context needs `stubWhatsApp`
 * first, so the tab does not reach the network.
 */
export async function nextWhatsAppTab(from: Page | BrowserContext, action: () => Promise<unknown>): Promise<Page> {
  const context = "pages" in from ? from : from.context();
  const [tab] = await Promise.all([
    context.waitForEvent("page", { predicate: (p) => p.url().startsWith("https://wa.me/"), timeout: 15_000 }),
    action(),
  ]);
  return tab;
}

/**
 * Adds a product to the cart from its page: `quantity` set with the page's stepper (each step
 * waited for), 'Tambah ke Keranjang' pressed, and the notice naming the product waited for.
 * Without `name` the product's name is read from the page's heading.
 */
export async function addToCart(page: Page, baseUrl: string, product: { slug: string; name?: string }, quantity = 1) {
  await page.goto(`${baseUrl}/products/${product.slug}`);
  const heading = page.getByRole("heading", { level: 1, ...(product.name ? { name: product.name } : {}) });
  await heading.waitFor();
  const name = product.name ?? ((await heading.textContent()) ?? "").trim();
  // The stepper and the button are the page's script, which starts after the first paint.
  await waitForHydration(page);
  const stepper = page.getByRole("textbox", { name: `Jumlah ${name}` }).first();
  for (let i = 1; i < quantity; i++) {
    await page.getByRole("button", { name: "Tambah jumlah" }).first().click();
    await expect.poll(() => stepper.inputValue(), { timeout: 10_000 }).toBe(String(i + 1));
  }
  await page.getByRole("button", { name: "Tambah ke Keranjang" }).first().click();
  await page.getByText(`${name} telah ditambahkan ke keranjang belanja.`).first().waitFor();
}

/**
 * Places the cart as a signed-in customer whose details checkout fills in: the delivery area
 * chosen (Sumbersari unless `area`), 'Pesan Sekarang' pressed. Returns the new order's id.
 */
export async function placeOrder(page: Page, baseUrl: string, { area = "sumbersari" }: { area?: string } = {}) {
  await page.goto(`${baseUrl}/checkout`);
  await waitForHydration(page);
  await page.locator('select[name="area"]').selectOption(area);
  await page.getByRole("button", { name: "Pesan Sekarang" }).click();
  await page.waitForURL(/\/order-success/, { timeout: 15_000 });
  const id = new URL(page.url()).searchParams.get("order") ?? "";
  expect(id, "the order's id in the success page's address").toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

/**
 * Looks at the page as it stands at phone size and then at desktop size, without running the
 * scenario that led there a second time: the page is resized, `look` runs (a screenshot, an
 * axe check), and the page goes back to the size it had.
 */
export async function atBothSizes(page: Page, look: (size: "phone" | "desktop") => Promise<unknown>) {
  const start = page.viewportSize();
  await page.setViewportSize(PHONE);
  await look("phone");
  await page.setViewportSize(DESKTOP);
  await look("desktop");
  if (start) await page.setViewportSize(start);
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
