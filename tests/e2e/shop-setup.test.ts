// 'Siapkan Toko' as a new shop owner meets it: a fresh data directory, the set-up link in the
// start log (every line of which is the shop's own JSON), the form in the browser, signed in
// as the owner on the dashboard, /setup gone afterwards, and the shop's new name and WhatsApp
// number on the home page and its chat link, then changed again on 'Identitas Toko' without a restart.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hasChromium, launchBrowser, newContext, PHONE, trackPageErrors } from "../support/browser";
import { screenshot } from "../support/browser-shop";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sayur-setup-"));
  server = await startTestServer({ dataDir });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function setupLinkFromLog(): string {
  const lines = server
    .logs()
    .split("\n")
    .filter((l) => l.trim());
  // Only the shop's own lines: no bundler or framework notices.
  for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  const announced = lines.map((l) => JSON.parse(l) as { setupLink?: string }).find((l) => l.setupLink);
  expect(announced?.setupLink).toMatch(/\/setup\?token=[A-Za-z0-9_-]{40,}$/);
  return new URL(announced!.setupLink!).pathname + new URL(announced!.setupLink!).search;
}

describe.runIf(hasChromium)("first-run set-up", () => {
  it("prints the link, refuses a wrong token, makes the owner and is gone afterwards", async () => {
    const link = setupLinkFromLog();
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);

    // A wrong token: the form is refused and nobody is made.
    await page.goto(`${server.url}/setup?token=salah-${"x".repeat(40)}`);
    await screenshot(page, "setup-phone");
    await fillForm(page, "Toko Sayur Bu Sari", "0812 3333 4444");
    await page.getByRole("button", { name: "Siapkan Toko" }).click();
    await expect.poll(() => page.getByText("Tautan penyiapan tidak berlaku").count()).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/setup`)).status).toBe(200);

    await page.goto(`${server.url}${link}`);
    const wide = await (await newContext(browser, DESKTOP)).newPage();
    await wide.goto(`${server.url}${link}`);
    await screenshot(wide, "setup-desktop");
    await wide.context().close();
    await fillForm(page, "Toko Sayur Bu Sari", "0812 3333 4444");
    await page.getByRole("button", { name: "Siapkan Toko" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await expect.poll(() => page.getByRole("heading", { name: "Ringkasan" }).count()).toBe(1);
    // The number is the owner's now: no red line about the sample one.
    expect(await page.getByText("masih nomor contoh").count()).toBe(0);
    // The refused post above answered 403 on purpose; nothing else went wrong.
    expect(errors.filter((e) => !e.includes("status of 403"))).toEqual([]);

    // Gone for good, the token too.
    expect((await fetch(`${server.url}/setup`)).status).toBe(404);
    expect((await fetch(`${server.url}${link}`)).status).toBe(404);

    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain("Toko Sayur Bu Sari");
    expect(home).toContain("Sayur pagi dari kebun Bu Sari");
    const contact = await (await fetch(`${server.url}/contact`)).text();
    expect(contact).toContain("https://wa.me/6281233334444");

    // Changed again on 'Identitas Toko': the next page view shows it, no restart.
    const desktop = await newContext(browser, DESKTOP);
    await desktop.addCookies(await context.cookies());
    const settings = await desktop.newPage();
    await settings.goto(`${server.url}/admin/settings#identitas-toko`);
    const section = settings.locator("#identitas-toko");
    const narrow = await context.newPage();
    await narrow.goto(`${server.url}/admin/settings#identitas-toko`);
    await screenshot(narrow.locator("#identitas-toko"), "identitas-phone");
    await narrow.close();
    await screenshot(section, "identitas-desktop");
    await section.getByLabel("Nama Toko").fill("Sayur Segar Pak Budi");
    await section.getByLabel("Nomor WhatsApp").fill("6285711112222");
    await section.getByRole("button", { name: "Simpan" }).click();
    await expect.poll(() => settings.getByText("Identitas Toko disimpan.").count()).toBeGreaterThan(0);
    const after = await (await fetch(`${server.url}/`)).text();
    expect(after).toContain("Sayur Segar Pak Budi");
    expect(after).not.toContain("Toko Sayur Bu Sari");
    expect(await (await fetch(`${server.url}/contact`)).text()).toContain("https://wa.me/6285711112222");
    await context.close();
    await desktop.close();
  }, 120_000);
});

async function fillForm(page: Page, shopName: string, whatsapp: string) {
  await page.getByLabel("Nama Pemilik").fill("Bu Sari");
  await page.getByLabel("Email Pemilik").fill("sari@tokosari.id");
  await page.locator('input[name="password"]').fill("Kebun-Sari-Subur-7");
  await page.getByLabel("Nama Toko").fill(shopName);
  await page.getByLabel("Nomor WhatsApp").fill(whatsapp);
  await page.getByLabel("Telepon").fill("0331-123456");
  await page.getByLabel("Email Toko").fill("halo@tokosari.id");
  await page.getByLabel("Alamat").fill("Jl. Kalimantan 10, Jember");
  await page.getByLabel("Area Layanan").fill("Jember kota");
  await page.getByLabel("Kalimat Utama Beranda").fill("Sayur pagi dari kebun Bu Sari");
}
