// Owner and staff: the owner invites a staff member from 'Tim'; the invitation e-mail's link
// sets a password and only then makes the account staff; the staff member works in the panel
// without the owner's pages (a 403 page in Indonesian when reached by URL); removing them
// ends their session at once. Someone who registered the invited address in advance gets
// nothing from the invitation: their session stays a customer's and ends when the address's
// holder accepts.

import { describe, expect, it } from "vitest";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors } from "../support/browser";
import { linkFromMail } from "../support/server";
import { adminLogin, newCustomer, register, screenshot, setupBrowserShop } from "../support/browser-shop";

const OWNER = { email: "pemilik.tim@sayurjember.id", password: "Pemilik-Toko-Jember-2026", name: "Bu Pemilik" };
const STAFF_EMAIL = "rina.staf@sayurjember.id";
const STAFF_PASSWORD = "Rina-Staf-Baru-2026";

describe.skipIf(!hasChromium)("the owner's team", () => {
  const shop = setupBrowserShop({ staff: [OWNER] });

  it("invites a staff member who sets a password, works without owner pages, and is removed", async () => {
    const ownerContext = await newContext(shop.browser, DESKTOP);
    const owner = await ownerContext.newPage();
    const ownerErrors = trackPageErrors(owner);
    await adminLogin(owner, shop.url, OWNER);
    await owner.getByRole("link", { name: "Tim" }).click();
    await owner.getByRole("heading", { level: 1, name: "Tim" }).waitFor();

    // A bad address is refused with a message, nothing sent.
    await owner.getByLabel("Nama").fill("Rina");
    await owner.getByLabel("Email").fill("bukan-email");
    await owner.getByRole("button", { name: "Buat Undangan" }).click();
    await owner.getByText("Email tidak valid.").waitFor();

    await owner.getByLabel("Nama").fill("Rina Staf");
    await owner.getByLabel("Email").fill(STAFF_EMAIL);
    await owner.getByRole("button", { name: "Buat Undangan" }).click();
    // No SMTP on this shop: the panel says so on every page, and the invitation is not "sent":
    // its link is shown once, to copy or pass on by WhatsApp.
    const banner = owner.getByTestId("mail-off-banner");
    await banner.waitFor();
    expect(await banner.textContent()).toContain("E-mail belum aktif.");
    const card = owner.getByTestId("invite-link");
    await card.getByText(`E-mail belum aktif: undangan untuk ${STAFF_EMAIL} tersimpan`, { exact: false }).waitFor();
    expect(await owner.locator("main").innerText()).not.toMatch(/dikirim/);
    const shown = await card.getByRole("textbox", { name: "Tautan undangan" }).inputValue();
    expect(shown).toMatch(/\/reset-password\?token=/);
    const share = new URL((await card.getByRole("link", { name: "Kirim Tautan via WhatsApp" }).getAttribute("href"))!);
    expect(share.searchParams.get("text")).toContain(shown);
    // Waiting for the link to be opened: not on the team yet.
    expect(await owner.locator(`[data-invitation="${STAFF_EMAIL}"]`).textContent()).toContain("Menunggu");
    expect(await owner.locator(`[data-team-member="${STAFF_EMAIL}"]`).count()).toBe(0);
    await screenshot(owner, "team-desktop");
    const ownerPhone = await ownerContext.newPage();
    await ownerPhone.setViewportSize(PHONE);
    await ownerPhone.goto(`${shop.url}/admin/team`);
    await ownerPhone.getByTestId("mail-off-banner").waitFor();
    await screenshot(ownerPhone, "team-mail-off-phone", { fullPage: false });
    await ownerPhone.close();

    await expect
      .poll(() => shop.server.outbox().some((m) => m.text.includes(`To: ${STAFF_EMAIL}`)), { timeout: 15_000 })
      .toBe(true);
    const mail = shop.server.outbox().find((m) => m.text.includes(`To: ${STAFF_EMAIL}`))!;
    expect(mail.text).toContain("Undangan bergabung sebagai Staf");
    expect(mail.text).toContain("Buat Password & Bergabung");
    const link = linkFromMail(mail.text, "/reset-password");
    // The link shown to the owner is the one in the stored mail.
    expect(link).toBe(shown);

    const staffContext = await newContext(shop.browser, PHONE);
    const staff = await staffContext.newPage();
    const staffErrors = trackPageErrors(staff);
    await staff.goto(link!);
    await staff.getByRole("heading", { name: "Terima Undangan Staf" }).waitFor();
    await staff.fill('input[name="password"]', STAFF_PASSWORD);
    await staff.fill('input[name="confirmPassword"]', STAFF_PASSWORD);
    await staff.getByRole("button", { name: "Simpan Password Baru" }).click();
    // Accepting the invitation signs her in: straight onto the panel, no second login.
    await staff.waitForURL(`${shop.url}/admin/dashboard`, { timeout: 15_000 });
    await owner.reload();
    expect(await owner.locator(`[data-team-member="${STAFF_EMAIL}"]`).textContent()).toContain("Staf");
    const nav = staff.getByRole("navigation", { name: "Menu admin" });
    await nav.getByRole("link", { name: "Ringkasan" }).waitFor();
    expect(await nav.getByRole("link", { name: "Produk" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Tim" }).count()).toBe(0);
    for (const path of ["/admin/products", "/admin/team", "/admin/categories"]) {
      const response = await staff.goto(`${shop.url}${path}`);
      expect(response?.status(), path).toBe(403);
      await staff.getByRole("heading", { name: "Khusus Pemilik" }).waitFor();
      await staff.getByText("Halaman ini khusus Pemilik toko.", { exact: false }).waitFor();
    }
    await screenshot(staff, "owner-only-phone", { fullPage: false });
    await staff.goto(`${shop.url}/admin/picking-list`);
    expect(await staff.getByRole("heading", { level: 1 }).first().textContent()).toBeTruthy();

    // The owner removes her: her next page is the admin login.
    await owner.reload();
    owner.once("dialog", (d) => void d.accept());
    await owner.locator(`[data-team-member="${STAFF_EMAIL}"]`).getByRole("button", { name: "Hapus dari Tim" }).click();
    await screenshot(owner, "team-after-remove", { fullPage: false });
    await owner.getByText(/Rina Staf dihapus dari tim; \d+ sesi diakhiri\./).waitFor();
    expect(await owner.locator(`[data-team-member="${STAFF_EMAIL}"]`).count()).toBe(0);
    await staff.goto(`${shop.url}/admin/dashboard`);
    await staff.waitForURL(`${shop.url}/admin/login`);

    // The refused invitation answered 400, as it should; nothing else went wrong.
    expect(ownerErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    expect(staffErrors.filter((e) => !/403|Failed to load resource/.test(e))).toEqual([]);
    await ownerContext.close();
    await staffContext.close();
  });

  it("an account registered in advance with the invited address stays a customer until the address's holder accepts", async () => {
    const squatterContext = await newContext(shop.browser, DESKTOP);
    const squatter = await squatterContext.newPage();
    const account = newCustomer({ name: "Pendaftar Duluan" });
    // Registering signs the squatter in: that session is the one the invitation must not promote.
    await register(squatter, shop.url, account);

    const ownerContext = await newContext(shop.browser, DESKTOP);
    const owner = await ownerContext.newPage();
    await adminLogin(owner, shop.url, OWNER);
    await owner.goto(`${shop.url}/admin/team`);
    await owner.getByLabel("Nama").fill("Calon Staf");
    await owner.getByLabel("Email").fill(account.email);
    await owner.getByRole("button", { name: "Buat Undangan" }).click();
    await owner
      .getByTestId("invite-link")
      .getByText(`E-mail belum aktif: undangan untuk ${account.email} tersimpan`, { exact: false })
      .waitFor();

    // The pre-registered session gets no staff access, and neither does a fresh sign-in with its password.
    await squatter.goto(`${shop.url}/admin/dashboard`);
    await squatter.waitForURL(`${shop.url}/admin/login`);
    await squatter.fill('input[name="email"]', account.email);
    await squatter.fill('input[name="password"]', account.password);
    await squatter.getByRole("button", { name: "Masuk", exact: true }).click();
    await squatter.getByText("Hanya admin yang dapat login ke panel ini.").first().waitFor();
    expect(squatter.url()).not.toContain("/admin/dashboard");

    // The mail to an existing account says its link accepts the invitation and replaces the password.
    await expect
      .poll(
        () => shop.server.outbox().some((m) => m.text.includes(`To: ${account.email}`) && m.text.includes("Undangan")),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const mail = shop.server
      .outbox()
      .find((m) => m.text.includes(`To: ${account.email}`) && m.text.includes("Undangan"))!;
    expect(mail.text).toContain("Terima Undangan");
    expect(mail.text).toContain("membuat password baru untuk akun ini");

    const holderContext = await newContext(shop.browser, PHONE);
    const holder = await holderContext.newPage();
    await holder.goto(linkFromMail(mail.text, "/reset-password")!);
    await holder.getByRole("heading", { name: "Terima Undangan Staf" }).waitFor();
    await screenshot(holder, "team-accept-phone");
    await holder.fill('input[name="password"]', STAFF_PASSWORD);
    await holder.fill('input[name="confirmPassword"]', STAFF_PASSWORD);
    await holder.getByRole("button", { name: "Simpan Password Baru" }).click();
    await holder.waitForURL(`${shop.url}/admin/dashboard`, { timeout: 15_000 });
    await holder.getByRole("navigation", { name: "Menu admin" }).getByRole("link", { name: "Ringkasan" }).waitFor();

    // The pre-registered session ended with the old password.
    await squatter.goto(`${shop.url}/profile`);
    await squatter.waitForURL(/\/login/);
    await squatterContext.close();
    await ownerContext.close();
    await holderContext.close();
  });
});
