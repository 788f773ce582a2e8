// Chromium for browser tests: CHROMIUM_PATH or /usr/bin/chromium. Without one the tests
// are skipped with a loud notice, unless REQUIRE_E2E=1, where that is a failure.
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const hasChromium = existsSync(chromiumPath);

if (!hasChromium) {
  const message = `\n${"!".repeat(78)}\n  BROWSER TESTS SKIPPED: no Chromium at ${chromiumPath}.\n  Install it (apt-get install chromium) or set CHROMIUM_PATH.\n${"!".repeat(78)}\n`;
  if (process.env.REQUIRE_E2E === "1") throw new Error(`REQUIRE_E2E=1 but no Chromium at ${chromiumPath}`);
  console.warn(message);
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/** A fresh context (own cookies and localStorage) at a phone or desktop size. */
export async function newContext(
  browser: Browser,
  size: { width: number; height: number } = PHONE,
  /** Further options, e.g. `serviceWorkers: "block"` for a test that holds the page's scripts back. */
  extra: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    ...extra,
    viewport: size,
    deviceScaleFactor: 1,
    isMobile: size.width < 768,
    hasTouch: size.width < 768,
    locale: "id-ID",
    timezoneId: "Asia/Jakarta",
    permissions: ["clipboard-read", "clipboard-write"],
  });
}

/** Collects page errors so a test can assert that none happened. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  return errors;
}

/** Waits until React has hydrated the page (scripts start after the first paint). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
