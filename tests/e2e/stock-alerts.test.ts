// 'Kabari Saya' in a real browser: a visitor leaves an e-mail and turns the alert on from the
// confirmation mail, a signed-in shopper with a verified address subscribes with one press, staff raise the stock in the admin panel, each gets exactly one e-mail with
// the product link, and its unsubscribe link works. The product page stays the same bytes for
// everyone. Also without JavaScript.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { linkFromMail } from "../support/server";
import { adminLogin, registerAndLogin, screenshot, setupBrowserShop } from "../support/browser-shop";

const STAFF = { email: "rina.staf@sayurjember.id", password: "Kemangi-Harum-Sore-2026", name: "Rina Staf" };
// Out of stock in the sample catalog.
const PRODUCT = { name: "Kemangi", slug: "kemangi" };

const shop = setupBrowserShop({ staff: [STAFF] });

const kabari = (page: Page) => page.getByTestId("kabari-saya");
const stockMails = () =>
  shop.server
    .outbox()
    .filter((m) => m.text.includes(`${PRODUCT.name} tersedia lagi di`) && !m.text.includes("Konfirmasi"));
const confirmationMails = (to: string) =>
  shop.server.outbox().filter((m) => m.text.includes("Konfirmasi kabar stok") && m.text.includes(to));

describe.skipIf(!hasChromium)("Kabari Saya", () => {
  it("subscribes a visitor and a shopper, mails each once when staff restock, and unsubscribes", async () => {
    // --- A visitor on a phone gives an e-mail.
    const visitorContext = await newContext(shop.browser, PHONE);
    const visitor = await visitorContext.newPage();
    const errors = trackPageErrors(visitor);
    await visitor.goto(`${shop.url}/products/${PRODUCT.slug}`);
    await waitForHydration(visitor);
    await kabari(visitor).getByRole("button", { name: "Kabari Saya" }).click();
    await kabari(visitor).getByText("Email wajib diisi.").waitFor();
    await kabari(visitor).getByLabel("Email").fill("budi.kabari@contoh.id");
    await kabari(visitor).getByRole("button", { name: "Kabari Saya" }).click();
    await visitor
      .getByRole("status")
      .filter({ hasText: "Kami mengirim email konfirmasi ke budi.kabari@contoh.id." })
      .waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    await screenshot(visitor, "kabari-saya-visitor-phone");
    expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);

    // --- Nothing waits until the address's owner presses the button behind the mail's link.
    await expect.poll(() => confirmationMails("budi.kabari@contoh.id").length, { timeout: 20_000 }).toBe(1);
    const confirm = linkFromMail(confirmationMails("budi.kabari@contoh.id")[0].text, "/stock-alerts/confirm?token=");
    expect(confirm).not.toBeNull();
    await visitor.goto(confirm!);
    await waitForHydration(visitor);
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitor.getByRole("button", { name: "Ya, kabari saya" }).click();
    await visitor
      .getByRole("status")
      .filter({ hasText: `Kabar stok aktif. Kami akan mengirim email ke budi.kabari@contoh.id saat ${PRODUCT.name}` })
      .waitFor();
    await screenshot(visitor, "kabari-saya-confirmed-phone");

    // --- A signed-in shopper on a desktop: one press, no e-mail to type.
    const shopperContext = await newContext(shop.browser, DESKTOP);
    const shopper = await shopperContext.newPage();
    const customer = await registerAndLogin(shopper, shop.url, { email: "sari.kabari@contoh.id" });
    const verification = shop.server
      .outbox()
      .find((m) => m.text.includes("Verifikasi email akun") && m.text.includes(customer.email));
    await shopper.goto(linkFromMail(verification!.text, "/verify-email")!);
    await shopper.getByRole("heading", { name: "Email Berhasil Diverifikasi" }).waitFor();
    await shopper.goto(`${shop.url}/products/${PRODUCT.slug}`);
    await waitForHydration(shopper);
    await kabari(shopper).getByText(`Kami kirim satu email ke ${customer.email}`).waitFor();
    expect(await kabari(shopper).getByLabel("Email").count()).toBe(0);
    await screenshot(shopper, "kabari-saya-signed-in-desktop");
    await kabari(shopper).getByRole("button", { name: "Kabari Saya" }).click();
    await shopper
      .getByRole("status")
      .filter({ hasText: `Kami akan mengirim email ke ${customer.email}` })
      .waitFor();
    // Back later: the page says it already waits.
    await shopper.reload();
    await waitForHydration(shopper);
    await shopper.getByRole("status").filter({ hasText: "Anda sudah terdaftar." }).waitFor();
    expect(await seriousViolations(shopper)).toEqual([]);

    // The product page itself is the same bytes for everyone: nothing personal in its HTML.
    const cookies = (await shopperContext.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const html = await (await fetch(`${shop.url}/products/${PRODUCT.slug}`, { headers: { cookie: cookies } })).text();
    expect(html).not.toContain(customer.email);
    expect(html).toContain("Kabari Saya");

    expect(stockMails()).toEqual([]);

    // --- Staff raise the stock in the admin panel.
    const staffContext = await newContext(shop.browser, DESKTOP);
    const staff = await staffContext.newPage();
    await adminLogin(staff, shop.url, STAFF);
    await staff.goto(`${shop.url}/admin/products?q=${PRODUCT.name}`);
    await staff.getByRole("link", { name: PRODUCT.name, exact: true }).first().click();
    await staff.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
    await staff.locator('input[name="stock"]').fill("15");
    await staff.getByRole("button", { name: "Simpan Produk" }).click();
    await staff.getByTestId("flash").waitFor();

    // --- Exactly one e-mail each, with the product link and an unsubscribe link.
    await expect.poll(() => stockMails().length, { timeout: 20_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mails = stockMails();
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.text.match(/^To: (.*)$/m)?.[1]?.trim()).sort()).toEqual([
      "budi.kabari@contoh.id",
      customer.email,
    ]);
    const visitorMail = mails.find((m) => m.text.includes("budi.kabari@contoh.id"))!;
    expect(linkFromMail(visitorMail.text, `/products/${PRODUCT.slug}`)).not.toBeNull();
    const unsubscribe = linkFromMail(visitorMail.text, "/stock-alerts/unsubscribe?token=");
    expect(unsubscribe).not.toBeNull();

    // --- The unsubscribe link asks, then confirms 'berhenti'.
    await visitor.goto(unsubscribe!);
    await waitForHydration(visitor);
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitor.getByRole("button", { name: "Ya, berhenti" }).click();
    await visitor.getByRole("status").filter({ hasText: "Anda sudah berhenti menerima kabar stok." }).waitFor();
    await screenshot(visitor, "kabari-saya-unsubscribed-phone");
    // A changed token is refused.
    await visitor.goto(`${unsubscribe!.slice(0, -3)}xyz`);
    await visitor.getByText("Tautan ini tidak valid.", { exact: false }).waitFor();

    for (const c of [visitorContext, shopperContext, staffContext]) await c.close();
  });

  it("works without JavaScript: the form posts and a page says what happened", async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${shop.url}/products/beras-organik`);
    await page.getByLabel("Email").fill("tanpa.js@contoh.id");
    await page.getByRole("button", { name: "Kabari Saya" }).click();
    await page.waitForURL(`${shop.url}/stock-alerts`);
    await page.getByText("Cek Email Anda").waitFor();
    await page.getByText("Kami mengirim email konfirmasi ke tanpa.js@contoh.id.", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Kembali ke Beras Organik" }).waitFor();
    await screenshot(page, "kabari-saya-no-js-phone");
    await context.close();
  });
});
