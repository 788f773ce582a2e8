// Content pages in Chromium at phone size: the farmer application and the contact message
// really reach the database the admin inbox reads, failures keep what was typed, the forms
// work without JavaScript, and the FAQ accordion works by keyboard.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { contactMessages, partnerApplications } from "~/db/schema";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { setupBrowserShop } from "../support/browser-shop";

async function fillPartnerForm(
  page: Page,
  values: { name: string; phone: string; products: string; landAddress?: string; farmSize?: string },
) {
  const form = page.getByRole("form", { name: "Formulir pendaftaran Petani Mitra" });
  await form.getByLabel("Nama Lengkap").fill(values.name);
  await form.getByLabel("Nomor Telepon / WhatsApp").fill(values.phone);
  if (values.landAddress) await form.getByLabel("Alamat Lahan").fill(values.landAddress);
  if (values.farmSize) await form.getByLabel("Luas Lahan").fill(values.farmSize);
  await form.getByLabel("Jenis Produk").fill(values.products);
}

async function fillContactForm(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  const form = page.getByRole("form", { name: "Formulir kontak" });
  await form.getByLabel("Nama").fill(values.name);
  await form.getByLabel("E-mail").fill(values.email);
  await form.getByLabel("Subjek").fill(values.subject);
  await form.getByLabel("Pesan").fill(values.message);
}

describe.skipIf(!hasChromium)("forms reach the admin inbox", () => {
  // Its own shop: the test stops the server to read the database the shop wrote.
  const shop = setupBrowserShop({ keepData: true });

  it("stores a farmer's application and a contact message, as the shop's database shows after a restart", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    // Failed loads are judged by their responses below; the favicon is the shell's business.
    const failedLoads: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) failedLoads.push(`${r.status()} ${r.url()}`);
    });
    const stamp = Date.now().toString(36);
    const farmer = `Pak Slamet ${stamp}`;
    const subject = `Pesanan untuk warung ${stamp}`;

    await page.goto(`${shop.url}/supply-with-us`);
    await fillPartnerForm(page, {
      name: farmer,
      phone: "0812 3456 7890",
      products: "Bayam\nKangkung",
      landAddress: "Desa Ajung, Jember",
      farmSize: "0,5 ha",
    });
    await page.getByRole("button", { name: "Kirim Pendaftaran" }).click();
    await page.getByText("Pengajuan Berhasil").waitFor();
    await page
      .getByText("Terima kasih! Informasi Anda telah kami terima. Tim kami akan menghubungi Anda dalam 1-2 hari kerja.")
      .waitFor();
    expect(await page.getByRole("form", { name: "Formulir pendaftaran Petani Mitra" }).count()).toBe(0);
    const whatsapp = page.getByRole("link", { name: "Chat via WhatsApp" }).first();
    expect(await whatsapp.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/62\d+\?text=/);

    await page.goto(`${shop.url}/contact`);
    await fillContactForm(page, {
      name: "Bu Rina",
      email: "rina@contoh.id",
      subject,
      message: "Bisa antar 10 ikat bayam tiap pagi?",
    });
    await page.getByRole("button", { name: "Kirim Pesan" }).click();
    await page.getByText("Pesan Terkirim").waitFor();
    expect(new URL(page.url()).pathname).toBe("/contact");
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    expect(failedLoads).toEqual([]);
    await context.close();

    // The embedded database belongs to the server while it runs: read it once the server is stopped.
    await shop.server.stop();
    const handle = await openDatabase({ kind: "pglite", dataDir: shop.server.dataDir, holder: "test" });
    try {
      const [application] = await handle.db
        .select()
        .from(partnerApplications)
        .where(eq(partnerApplications.name, farmer));
      expect(application).toMatchObject({
        phone: "6281234567890",
        products: "Bayam\nKangkung",
        landAddress: "Desa Ajung, Jember",
        farmSize: "0,5 ha",
        status: "new",
      });
      const [message] = await handle.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
      expect(message).toMatchObject({
        name: "Bu Rina",
        email: "rina@contoh.id",
        message: "Bisa antar 10 ikat bayam tiap pagi?",
        status: "new",
      });
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!hasChromium)("content pages in the browser", () => {
  const shop = setupBrowserShop();

  it("keeps what the farmer typed and shows 'Pengajuan Gagal' when the phone number is wrong", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${shop.url}/supply-with-us`);
    await fillPartnerForm(page, { name: "Pak Darmo", phone: "12345", products: "Tomat\nCabai rawit" });
    await page.getByRole("button", { name: "Kirim Pendaftaran" }).click();
    await page.getByText("Pengajuan Gagal").waitFor();
    await page.getByText(/Nomor telepon tidak valid/).waitFor();
    expect(await page.getByLabel("Nama Lengkap").inputValue()).toBe("Pak Darmo");
    expect(await page.getByLabel("Jenis Produk").inputValue()).toBe("Tomat\nCabai rawit");
    expect(await page.getByLabel("Nomor Telepon / WhatsApp").getAttribute("aria-invalid")).toBe("true");
    await context.close();
  });

  it("shows 'Memproses...' on a disabled button while the application is being sent", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/supply-with-us"),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await page.goto(`${shop.url}/supply-with-us`);
    // 'Memproses...' is the scripted form's state: before hydration the form posts as plain HTML.
    await waitForHydration(page);
    await fillPartnerForm(page, { name: "Bu Partini", phone: "081398765432", products: "Jahe merah" });
    await page.getByRole("button", { name: "Kirim Pendaftaran" }).click();
    const busy = page.getByRole("button", { name: "Memproses..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await page.getByText("Pengajuan Berhasil").waitFor();
    await context.close();
  });

  it("sends the /about contact form without JavaScript and comes back to /about with the success message", async () => {
    const context = await shop.browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: "id-ID" });
    const page = await context.newPage();
    await page.goto(`${shop.url}/about`);
    // The browser's own checks would stop an empty e-mail; the server must catch a wrong one too.
    await fillContactForm(page, {
      name: "Pak Hadi",
      email: "hadi-di-contoh",
      subject: "Langganan mingguan",
      message: "Apakah ada paket langganan?",
    });
    await page.locator("form[aria-label='Formulir kontak']").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Kirim Pesan" }).click();
    await page.getByText("Pesan Gagal Dikirim").waitFor();
    await page.getByText(/Alamat e-mail tidak valid/).waitFor();
    const form = page.getByRole("form", { name: "Formulir kontak" });
    expect(await form.getByLabel("Pesan").inputValue()).toBe("Apakah ada paket langganan?");

    await form.getByLabel("E-mail").fill("hadi@contoh.id");
    await page.getByRole("button", { name: "Kirim Pesan" }).click();
    await page.getByText("Pesan Terkirim").waitFor();
    expect(new URL(page.url()).pathname).toBe("/about");
    await context.close();
  });

  it("sends the /about contact form with JavaScript without leaving the page", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${shop.url}/about`);
    await fillContactForm(page, {
      name: "Mbak Sari",
      email: "sari@contoh.id",
      subject: "Pesanan katering",
      message: "Bisa pesan 20 kg wortel untuk Sabtu?",
    });
    await page.getByRole("button", { name: "Kirim Pesan" }).click();
    await page.getByText("Pesan Terkirim").waitFor();
    expect(new URL(page.url()).pathname).toBe("/about");
    await context.close();
  });

  it.each(["/about", "/supply-with-us"])("opens and closes the FAQ on %s with the keyboard", async (pagePath) => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${shop.url}${pagePath}`);
    await waitForHydration(page);
    const faq = page.getByRole("region", { name: "Pertanyaan yang Sering Diajukan" });
    // Native disclosures: each question is a <summary>, its answer the rest of its <details>.
    const questions = faq.locator("details > summary");
    expect(await questions.count()).toBe(5);
    const first = questions.nth(0);
    const second = questions.nth(1);
    const expanded = (question: typeof first) =>
      question.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);
    const answerOf = (question: typeof first) => question.locator("xpath=following-sibling::*[1]");
    expect(await expanded(first)).toBe(false);
    expect(await answerOf(first).isVisible()).toBe(false);

    // Tab from the first question to the second, as a keyboard user would.
    await first.focus();
    await page.keyboard.press("Tab");
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => expanded(second)).toBe(true);
    expect(await answerOf(second).isVisible()).toBe(true);

    await page.keyboard.press("Space");
    await expect.poll(() => expanded(second)).toBe(false);
    expect(await answerOf(second).isVisible()).toBe(false);

    // Opening one question closes the other.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => expanded(first)).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => expanded(second)).toBe(true);
    expect(await expanded(first)).toBe(false);
    expect(await answerOf(first).isVisible()).toBe(false);
    await context.close();
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)(
    "gives every content page a title, a description, headings in order and no sideways scrolling (%s)",
    async (_, size) => {
      const context = await newContext(shop.browser, size);
      const page = await context.newPage();
      for (const [pagePath, title] of [
        ["/about", "Tentang Kami"],
        ["/supply-with-us", "Jadi Petani Mitra"],
        ["/contact", "Hubungi Kami"],
        ["/terms", "Syarat & Ketentuan"],
        ["/privacy", "Kebijakan Privasi"],
      ]) {
        const response = await page.goto(`${shop.url}${pagePath}`);
        expect(response?.status()).toBe(200);
        expect(await page.title()).toContain(title);
        expect((await page.locator('meta[name="description"]').getAttribute("content"))?.length).toBeGreaterThan(50);
        const levels = await page
          .locator("main h1, main h2, main h3")
          .evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
        expect(levels[0]).toBe(1);
        expect(levels.filter((l) => l === 1)).toHaveLength(1);
        // No level is skipped on the way down.
        levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]).toBeLessThanOrEqual(1));
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      await context.close();
    },
  );

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)(
    "has no accessibility violations (contrast, labels, landmarks) on the content pages (%s)",
    async (_, size) => {
      // axe is injected as an inline script, which the shop's CSP rightly refuses; this context ignores it.
      const context = await shop.browser.newContext({ viewport: size, bypassCSP: true, locale: "id-ID" });
      const page = await context.newPage();
      const axeSource = readFileSync(path.join(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");
      for (const pagePath of ["/about", "/supply-with-us", "/contact", "/terms", "/privacy"]) {
        await page.goto(`${shop.url}${pagePath}`);
        await page.addScriptTag({ content: axeSource });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  ctx: Document,
                  opts: object,
                ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
              };
            }
          ).axe;
          const result = await axe.run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"] },
          });
          return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        });
        expect(violations, pagePath).toEqual([]);
      }
      await context.close();
    },
  );

  it("promises only what the shop does: next-day delivery, payment by WhatsApp", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    for (const pagePath of ["/about", "/supply-with-us", "/contact", "/terms", "/privacy"]) {
      await page.goto(`${shop.url}${pagePath}`);
      const text = (await page.locator("main").innerText()).toLowerCase();
      for (const promise of [
        "transfer bank",
        "e-wallet",
        "cod",
        "bayar di tempat",
        "cash on delivery",
        "hari yang sama sebelum",
      ]) {
        expect(text, `${pagePath} mentions "${promise}"`).not.toContain(promise);
      }
    }
    await page.goto(`${shop.url}/terms`);
    const terms = await page.locator("main").innerText();
    expect(terms).toContain("24 jam setelah pesanan diterima");
    expect(terms).toContain("05:00 - 07:00");
    expect(terms).toContain("16:00 - 18:00");
    await context.close();
  });
});
