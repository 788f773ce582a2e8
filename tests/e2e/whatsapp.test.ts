// The WhatsApp loop in the browser, pointed at the fake Graph API, once (its pages looked at in
// both sizes): a shopper ticks 'Kirim kabar pesanan ke WhatsApp saya' and orders; the 'order
// received' template reaches the fake with the order number; signed status webhooks move it to
// 'Dibaca' on the order page, a wrongly signed one gets 401 and changes nothing; the customer's
// message naming the order shows on the staff page ('Chat diterima'); a staff reply inside the
// window reaches the fake, and with no window open the page offers no free text and sends nothing.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, DESKTOP, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import {
  addToCart,
  adminLogin,
  atBothSizes,
  registerAndLogin,
  screenshot,
  setupBrowserShop,
  stubWhatsApp,
} from "../support/browser-shop";
import { startFakeGraph, type FakeGraph } from "../support/fake-graph";

const OWNER = {
  email: "pemilik.wa@sayurjember.id",
  password: "Pemilik-Segar-2026",
  name: "Bu Ani",
  role: "owner" as const,
};
const APP_SECRET = "rahasia-aplikasi-uji";

describe.skipIf(!hasChromium)("the shop talks on WhatsApp", () => {
  let fake: FakeGraph;
  let shopUrl = "";
  beforeAll(async () => {
    fake = await startFakeGraph({ appSecret: APP_SECRET, webhookUrl: () => `${shopUrl}/webhooks/whatsapp` });
  });
  afterAll(async () => {
    await fake?.close();
  });
  const shop = setupBrowserShop({
    staff: [OWNER],
    env: () => ({
      WHATSAPP_GRAPH_URL: fake.url,
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_ACCESS_TOKEN: "token-rahasia-uji",
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: "verifikasi-uji",
    }),
  });

  it("order news, states, a reply and the window (shopper on a phone, staff at the desk)", async () => {
    shopUrl = shop.url;
    // One run of the loop; each page it passes is looked at in both sizes.
    const shot = (p: Page, name: string) => atBothSizes(p, (size) => screenshot(p, `whatsapp-${name}-${size}`));
    const phone62 = `6281${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, "0")}`;
    const shopper = await newContext(shop.browser, PHONE);
    await stubWhatsApp(shopper);
    const page = await shopper.newPage();
    const errors = trackPageErrors(page);
    await registerAndLogin(page, shop.url, { name: "Bu Sri", phone: `0${phone62.slice(2)}` });
    await addToCart(page, shop.url, { slug: "bayam", name: "Bayam Hijau" });
    await page.goto(`${shop.url}/checkout`);
    await waitForHydration(page);
    await page.locator('select[name="area"]').selectOption("luar-area");
    const cod = page.getByRole("radio", { name: /Bayar di Tempat/ });
    if (await cod.count()) await cod.check();
    const consent = page.getByRole("checkbox", { name: /Kirim kabar pesanan ke WhatsApp saya/ });
    await consent.check();
    await consent.scrollIntoViewIfNeeded();
    await shot(page, "checkout-consent");
    const sendsBefore = fake.sends.length;
    await page.getByRole("button", { name: "Pesan Sekarang" }).click();
    await page.waitForURL(/\/order-success/, { timeout: 15_000 });
    const orderId = new URL(page.url()).searchParams.get("order") ?? "";
    const short = orderId.slice(0, 8);

    // Within seconds of checkout: the template, with the order number, at the fake.
    const sends = await fake.waitForSends(sendsBefore + 1);
    const received = sends[sendsBefore];
    expect(received).toMatchObject({ to: phone62, type: "template", phoneNumberId: "1234567890" });
    expect(received.template?.name).toBe("pesanan_diterima");
    expect(received.template?.params).toContain(`#${short}`);
    const wamid = received.wamid!;

    await page.goto(`${shop.url}/orders/${orderId}`);
    await page.getByText("Pesanan diterima").first().waitFor();
    await expect(
      page.locator('ol[aria-label="Pesan WhatsApp"]').getByText("Dikirim", { exact: true }).count(),
    ).resolves.toBe(1);

    // Signed statuses, out of order: the page shows the furthest.
    expect(await fake.status(wamid, "read")).toBe(200);
    expect(await fake.status(wamid, "delivered")).toBe(200);
    expect(await fake.status(wamid, "read")).toBe(200);
    // A wrong signature and a missing one: 401, nothing changes.
    const forged = {
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            { value: { statuses: [{ id: wamid, status: "failed", timestamp: "1", errors: [{ code: 131026 }] }] } },
          ],
        },
      ],
    };
    expect(await fake.postWebhook(forged, "rahasia-lain")).toBe(401);
    expect(await fake.postWebhook(forged, null)).toBe(401);
    await page.reload();
    await page.locator('ol[aria-label="Pesan WhatsApp"]').getByText("Dibaca", { exact: true }).waitFor();
    expect(await page.getByText("Gagal", { exact: true }).count()).toBe(0);
    await shot(page, "shopper-order");

    // Staff: no message from the customer yet, so no free text is offered and nothing is sent.
    const staffContext = await newContext(shop.browser, DESKTOP);
    const staff = await staffContext.newPage();
    const staffErrors = trackPageErrors(staff);
    await adminLogin(staff, shop.url, OWNER);
    await staff.goto(`${shop.url}/admin/orders/${orderId}`);
    const card = staff.locator("section", { has: staff.getByRole("heading", { name: "WhatsApp", exact: true }) });
    await card.getByText("di luar jendela 24 jam").waitFor();
    expect(await card.getByRole("button", { name: "Kirim", exact: true }).count()).toBe(0);

    // Outside the window: an approved template that fits the order, its filled text shown, sent by hand.
    const template = card.getByRole("radio", { name: /Pesanan diterima/ });
    await template.waitFor();
    const choice = card.locator("label", { has: staff.getByRole("radio", { name: /Pesanan diterima/ }) });
    expect(await choice.textContent()).toContain(`pesanan #${short} sudah kami terima`);
    await card.getByRole("button", { name: "Kirim Template" }).scrollIntoViewIfNeeded();
    await shot(staff, "staff-template");
    const templatesBefore = fake.sends.length;
    await waitForHydration(staff);
    await template.check();
    await card.getByRole("button", { name: "Kirim Template" }).click();
    await staff.getByText("Templat 'Pesanan diterima' masuk antrean kirim WhatsApp.").first().waitFor();
    const byHand = await fake.waitForSends(templatesBefore + 1);
    expect(byHand[templatesBefore]).toMatchObject({ to: phone62, type: "template" });
    expect(byHand[templatesBefore].template?.name).toBe("pesanan_diterima");
    await expect
      .poll(async () => {
        await staff.reload();
        return card.getByText("Toko · Pesanan diterima", { exact: false }).count();
      })
      .toBe(2);

    // The customer's prefilled chat reaches the shop: shown on the order, 'Chat diterima'.
    const chat = await fake.inbound(phone62, `Halo Sayur Jember, saya mau pesan.\nNo. Pesanan: #${short}`);
    expect(chat.status).toBe(200);
    // The same webhook again changes nothing.
    await fake.postWebhook({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              value: {
                messages: [
                  {
                    from: phone62,
                    id: chat.id,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: "text",
                    text: { body: `Halo Sayur Jember, saya mau pesan.\nNo. Pesanan: #${short}` },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    await staff.reload();
    await card.getByText("Chat diterima").waitFor();
    expect(await card.getByText("saya mau pesan").count()).toBe(1);

    // Inside the window: the reply reaches the fake and shows on the order.
    const repliesBefore = fake.sends.length;
    await waitForHydration(staff);
    await card.getByLabel("Balas via WhatsApp").fill("Baik Bu, pesanan kami siapkan besok pagi.");
    await card.getByRole("button", { name: "Kirim", exact: true }).click();
    await staff.getByText("Balasan dikirim lewat WhatsApp.").first().waitFor();
    const after = await fake.waitForSends(repliesBefore + 1);
    expect(after[repliesBefore]).toMatchObject({
      type: "text",
      to: phone62,
      text: "Baik Bu, pesanan kami siapkan besok pagi.",
    });
    await card.getByText("Baik Bu, pesanan kami siapkan besok pagi.").waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(staff, "staff-conversation");

    // The owner's settings page: secrets only as set, this month's count.
    await staff.goto(`${shop.url}/admin/settings/whatsapp`);
    await staff.getByRole("heading", { name: "WhatsApp Business" }).waitFor();
    expect(await staff.content()).not.toContain("token-rahasia-uji");
    expect(await staff.content()).not.toContain(APP_SECRET);
    await staff.getByText("Pesan terkirim bulan ini").waitFor();
    await shot(staff, "settings");

    expect(errors).toEqual([]);
    expect(staffErrors).toEqual([]);
    await staffContext.close();
    await shopper.close();
  });
});
