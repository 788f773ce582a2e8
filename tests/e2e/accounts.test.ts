// Accounts in Chromium against the production server: register, verify, log in and out,
// password reset, profile, guards, open redirects and the admin login.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { DESKTOP, hasChromium, newContext, PHONE, waitForHydration } from "../support/browser";
import { post } from "../support/http";
import { createUser, openSessions, type TestUser } from "../support/factories";
import { linkFromMail, runAdminCreate } from "../support/server";
import {
  adminLogin,
  fillRegistration,
  login,
  newCustomer,
  openMenu,
  register,
  registerAndLogin,
  screenshot,
  sessionCookie,
  setupBrowserShop,
  SIGNED_UP_NOTICE,
} from "../support/browser-shop";

/**
 * Customers made in the seed, each with a session, for the tests about what a signed-in
 * customer does (edit the profile, log out from a menu): signing up through /register is
 * proved by the tests above them, and each sign-up (a page, a form, a password hash) takes seconds.
 */
const seeded = new Map<string, { customer: TestUser & { address: string }; cookie: { name: string; value: string } }>();
const shop = setupBrowserShop({
  seed: async (db) => {
    for (const key of ["profile", "header menu", "bottom bar"]) {
      const address = `Jl. Mastrip No. ${seeded.size + 1}, Sumbersari, Jember`;
      const customer = { ...(await createUser(db, { name: `Pelanggan ${key}`, address })), address };
      const [{ cookie }] = await openSessions(db, customer.id, 1);
      const at = cookie.indexOf("=");
      seeded.set(key, { customer, cookie: { name: cookie.slice(0, at), value: cookie.slice(at + 1) } });
    }
  },
});
const contexts: BrowserContext[] = [];

/** A fresh browser signed in as the seeded customer `key`, on `path`. */
async function openSignedIn(key: string, size: { width: number; height: number }, path = "/") {
  const opened = await openPage(size);
  const { customer, cookie } = seeded.get(key)!;
  await opened.context.addCookies([{ ...cookie, url: shop.url }]);
  await opened.page.goto(`${shop.url}${path}`);
  await waitForHydration(opened.page);
  return { ...opened, customer };
}

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
});

/** A fresh browser (own cookies) whose uncaught script errors fail the test. */
async function openPage(
  size: { width: number; height: number } = PHONE,
  options: { javaScriptEnabled?: boolean } = {},
) {
  const context =
    options.javaScriptEnabled === false
      ? await shop.browser.newContext({ viewport: size, locale: "id-ID", javaScriptEnabled: false })
      : await newContext(shop.browser, size);
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

function mailsTo(email: string) {
  return shop.server.outbox().filter((m) => m.text.includes(`To: ${email}`));
}

async function dialog(page: Page, title: string) {
  const box = page.getByRole("alertdialog");
  await box.getByText(title, { exact: true }).waitFor();
  return box;
}

describe.skipIf(!hasChromium)("accounts in the browser", () => {
  it("registers signed in, back on the page asked for, then follows the verification mail", async () => {
    const { page, context, errors } = await openPage(PHONE);
    const customer = newCustomer();
    // From a guarded page: /profile sends a visitor to /login, whose 'Daftar sekarang' keeps the way back.
    await page.goto(`${shop.url}/profile`);
    expect(page.url()).toBe(`${shop.url}/login?redirect=%2Fprofile`);
    await page.getByRole("link", { name: "Daftar sekarang" }).click();
    await page.waitForURL(`${shop.url}/register?redirect=%2Fprofile`);
    await register(page, shop.url, customer, "/profile");
    // Signed in at once and on the page asked for, before the address is verified. This shop
    // has no SMTP: the notice does not send the shopper looking for a mail.
    const notice = page.getByTestId("toast").filter({ hasText: SIGNED_UP_NOTICE });
    expect(await notice.innerText()).not.toMatch(/dikirim|cek email/i);
    await page.getByText(customer.email).first().waitFor();
    await page.getByText("Email belum diverifikasi").waitFor();
    await screenshot(page, "register-signed-in-phone");

    const [verification] = mailsTo(customer.email);
    expect(verification?.text).toContain("Verifikasi email akun");
    const link = linkFromMail(verification.text, "/verify-email");
    expect(link?.startsWith(`${shop.url}/verify-email?token=`)).toBe(true);
    await page.goto(link!);
    await page.getByRole("heading", { name: "Email Berhasil Diverifikasi" }).waitFor();

    // Signed out, a guarded page still leads through /login back to itself.
    await context.clearCookies();
    await page.goto(`${shop.url}/profile`);
    expect(page.url()).toBe(`${shop.url}/login?redirect=%2Fprofile`);
    await page.fill('input[name="email"]', customer.email);
    await page.fill('input[name="password"]', customer.password);
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    await dialog(page, "Login Berhasil");
    await page.waitForURL(`${shop.url}/profile`);
    await page.getByText("Email terverifikasi").waitFor();
    await page.getByText(customer.email).first().waitFor();
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("shows the register dialogs and refuses a taken e-mail", async () => {
    const { page } = await openPage(DESKTOP);
    const customer = newCustomer();
    await page.goto(`${shop.url}/register`);
    await page.getByText("Minimal 8 karakter").waitFor();
    // The dialogs belong to the scripted form: press only once it has started.
    await waitForHydration(page);
    await fillRegistration(page, customer, { confirmPassword: `${customer.password}-lain`, terms: false });
    await page.getByRole("button", { name: "Daftar", exact: true }).click();
    let box = await dialog(page, "Validasi Gagal");
    await box.getByText("Password dan konfirmasi password tidak sama.").waitFor();
    await box.getByRole("button", { name: "OK" }).click();

    await page.fill('input[name="confirmPassword"]', customer.password);
    await page.getByRole("button", { name: "Daftar", exact: true }).click();
    box = await dialog(page, "Validasi Gagal");
    await box.getByText("Anda harus menyetujui syarat dan ketentuan.").waitFor();
    await box.getByRole("button", { name: "OK" }).click();

    await page.check('input[name="terms"]');
    await page.getByRole("button", { name: "Daftar", exact: true }).click();
    await page.getByTestId("toast").filter({ hasText: SIGNED_UP_NOTICE }).waitFor();
    await page.waitForURL(`${shop.url}/`);
    await screenshot(page, "register-signed-in-desktop");

    const second = await openPage(DESKTOP);
    await second.page.goto(`${shop.url}/register`);
    await waitForHydration(second.page);
    await second.page.fill('input[name="name"]', "Orang Lain");
    await second.page.fill('input[name="email"]', customer.email.toUpperCase());
    await second.page.fill('input[name="phone"]', customer.phone);
    await second.page.fill('[name="address"]', customer.address);
    await second.page.fill('input[name="password"]', "Password-Lain-123");
    await second.page.fill('input[name="confirmPassword"]', "Password-Lain-123");
    await second.page.check('input[name="terms"]');
    await second.page.getByRole("button", { name: "Daftar", exact: true }).click();
    // Signing a new account in at once tells its maker the address was free, so a taken one is
    // said in place, as at checkout; nothing is made, nobody is signed in.
    box = await dialog(second.page, "Registrasi Gagal");
    await box.getByText("Email ini sudah punya akun.", { exact: false }).waitFor();
    await box.getByRole("button", { name: "OK" }).click();
    await second.page.getByText("Email ini sudah punya akun.", { exact: false }).first().waitFor();
    expect(second.page.url()).toBe(`${shop.url}/register`);
    expect(await sessionCookie(second.context, shop.url)).toBeUndefined();
    expect(mailsTo(customer.email)).toHaveLength(1);
  });

  it("says 'Login Gagal' alike for a wrong password and an unknown e-mail", async () => {
    const { page } = await openPage(PHONE);
    const customer = newCustomer();
    await register(page, shop.url, customer);
    await page.context().clearCookies();
    for (const [email, password] of [
      [customer.email, "bukan-password-nya"],
      [`tidak.ada.${Date.now()}@contoh.id`, customer.password],
    ]) {
      await page.goto(`${shop.url}/login`);
      await page.fill('input[name="email"]', email);
      await page.fill('input[name="password"]', password);
      await page.getByRole("button", { name: "Masuk", exact: true }).click();
      const box = await dialog(page, "Login Gagal");
      await box.getByText("Email atau password salah. Silakan coba lagi.").waitFor();
      expect(page.url()).toContain("/login");
      expect(await sessionCookie(page.context(), shop.url)).toBeUndefined();
    }
  });

  it("shows the checkout notice and never follows a redirect off the site", async () => {
    const customer = newCustomer();
    const first = await openPage(PHONE);
    await register(first.page, shop.url, customer);
    await first.context.clearCookies();

    await first.page.goto(`${shop.url}/login?redirect=%2Fcheckout`);
    await first.page.getByText("Silakan login terlebih dahulu untuk melanjutkan ke checkout.").waitFor();
    await login(first.page, shop.url, customer.email, customer.password, "/checkout");
    expect(first.page.url()).toBe(`${shop.url}/checkout`);

    const evils = [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil",
      "javascript:alert(1)",
      "/%2F%2Fevil.example",
      "/\t/evil.example",
      " //evil.example",
    ];
    // Each in a browser of its own, four at a time; every one is checked, and the first failure told.
    for (let at = 0; at < evils.length; at += 4) {
      const results = await Promise.allSettled(
        evils.slice(at, at + 4).map(async (evil) => {
          const { page } = await openPage(PHONE);
          await login(page, shop.url, customer.email, customer.password, evil);
          expect(page.url(), `redirect=${JSON.stringify(evil)}`).toBe(`${shop.url}/`);
        }),
      );
      for (const result of results) if (result.status === "rejected") throw result.reason;
    }
  });

  it("sends visitors of guarded pages to /login with the page to come back to", async () => {
    const { page } = await openPage(DESKTOP);
    // (Checkout is open to visitors: it signs them in or makes their account itself.)
    for (const target of ["/profile", "/orders", "/orders/abc-123", "/orders/abc-123?dari=email&x=1", "/addresses"]) {
      await page.goto(`${shop.url}${target}`);
      expect(page.url()).toBe(`${shop.url}/login?redirect=${encodeURIComponent(target)}`);
      const response = await fetch(`${shop.url}${target}`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(target)}`);
    }
    // A client-side navigation asks for the page's data; the answer is the same redirect.
    const data = await fetch(`${shop.url}/orders/abc-123.data?x=1&_routes=routes%2Forders.%24id`, {
      redirect: "manual",
    });
    expect(await data.text()).toContain(`"/login?redirect=${encodeURIComponent("/orders/abc-123?x=1")}"`);
  });

  it("resets a forgotten password end to end; the old one stops working and the link works once", async () => {
    const { page, errors } = await openPage(PHONE);
    const customer = newCustomer();
    await register(page, shop.url, customer);
    await page.context().clearCookies();

    await page.goto(`${shop.url}/login`);
    await page.getByRole("link", { name: "Lupa password?" }).click();
    await page.waitForURL(`${shop.url}/forgot-password`);
    await page.fill('input[name="email"]', `tidak.terdaftar.${Date.now()}@contoh.id`);
    await page.getByRole("button", { name: "Kirim Tautan Reset" }).click();
    // This shop has no SMTP: the page says no mail is coming and offers WhatsApp, never "dikirim".
    let box = await dialog(page, "E-mail Belum Aktif");
    await box.getByText("tautan reset password belum bisa sampai ke email Anda", { exact: false }).waitFor();
    await box.getByRole("button", { name: "OK" }).click();
    await page.getByRole("heading", { name: "E-mail Belum Aktif" }).waitFor();
    await page.getByRole("link", { name: "Hubungi via WhatsApp" }).waitFor();
    await screenshot(page, "forgot-password-mail-off-phone", { fullPage: false });
    expect(await page.locator("main").innerText()).not.toMatch(/dikirim|Cek Email/i);

    await page.getByRole("link", { name: "Coba email lain" }).click();
    await page.fill('input[name="email"]', customer.email);
    await page.getByRole("button", { name: "Kirim Tautan Reset" }).click();
    box = await dialog(page, "E-mail Belum Aktif");
    await box.getByRole("button", { name: "OK" }).click();

    // The reset mail is sent after the answer (equal timing for unknown e-mails): wait for it.
    await expect.poll(() => mailsTo(customer.email).some((m) => m.text.includes("Reset password akun"))).toBe(true);
    const resetMail = mailsTo(customer.email).find((m) => m.text.includes("Reset password akun"));
    const link = linkFromMail(resetMail!.text, "/reset-password");
    expect(link?.startsWith(`${shop.url}/reset-password?token=`)).toBe(true);
    await page.goto(link!);
    // Showing the password is the page's script: it runs after the first paint.
    await waitForHydration(page);

    const password = page.locator('input[name="password"]');
    await password.fill("Baru-Sekali-123");
    await page.fill('input[name="confirmPassword"]', "Lain-Sekali-123");
    await page.getByRole("button", { name: "Tampilkan password" }).first().click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Sembunyikan password" }).first().click();
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Simpan Password Baru" }).click();
    box = await dialog(page, "Password Tidak Cocok");
    await box.getByText("Password dan konfirmasi password harus sama.").waitFor();
    await box.getByRole("button", { name: "OK" }).click();

    await password.fill("pendek");
    await page.fill('input[name="confirmPassword"]', "pendek");
    await page.getByRole("button", { name: "Simpan Password Baru" }).click();
    box = await dialog(page, "Password Terlalu Pendek");
    await box.getByText("Password harus memiliki minimal 8 karakter.").waitFor();
    await box.getByRole("button", { name: "OK" }).click();

    await password.fill("Baru-Sekali-123");
    await page.fill('input[name="confirmPassword"]', "Baru-Sekali-123");
    await page.getByRole("button", { name: "Simpan Password Baru" }).click();
    await page.getByRole("heading", { name: "Password Berhasil Diubah" }).waitFor();
    const changedAt = Date.now();
    await page.waitForURL(/\/login\?reset=done$/, { timeout: 10_000 });
    expect(Date.now() - changedAt).toBeGreaterThan(2000);

    await page.fill('input[name="email"]', customer.email);
    await page.fill('input[name="password"]', customer.password);
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    await dialog(page, "Login Gagal");

    const fresh = await openPage(PHONE);
    await login(fresh.page, shop.url, customer.email, "Baru-Sekali-123");
    expect(fresh.page.url()).toBe(`${shop.url}/`);

    // The link is spent: opening it again lands on /login with an explanation.
    await page.goto(link!);
    expect(page.url()).toBe(`${shop.url}/login?reset=invalid`);
    await page.getByText("Tautan reset password tidak valid atau sudah kedaluwarsa.", { exact: false }).waitFor();
    await page.goto(`${shop.url}/reset-password`);
    expect(page.url()).toBe(`${shop.url}/login`);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("edits and saves the profile, with its dialogs", async () => {
    const { page, errors, customer } = await openSignedIn("profile", DESKTOP, "/profile");
    expect(page.url()).toBe(`${shop.url}/profile`);
    await page.getByText(customer.address).waitFor();

    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("link", { name: "Selesai" }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(customer.email);
    expect(await page.getByLabel("Email").isDisabled()).toBe(true);
    await page.fill('input[name="phone"]', "");
    await page.getByRole("button", { name: "Simpan Profil" }).click();
    let box = await dialog(page, "Data Tidak Lengkap");
    await box.getByText("Mohon lengkapi semua data profil.").waitFor();
    await box.getByRole("button", { name: "OK" }).click();

    await page.fill('input[name="name"]', "Siti Aminah Baru");
    await page.fill('input[name="phone"]', "082233445566");
    await page.fill('[name="address"]', "Jl. Jawa No. 9, Sumbersari, Jember");
    await page.getByRole("button", { name: "Simpan Profil" }).click();
    box = await dialog(page, "Sukses");
    await box.getByText("Profil berhasil disimpan.").waitFor();
    await box.getByRole("button", { name: "OK" }).click();
    await page.getByRole("link", { name: "Edit" }).waitFor();

    await page.reload();
    await page.getByText("Siti Aminah Baru").first().waitFor();
    await page.getByText("082233445566").waitFor();
    await page.getByText("Jl. Jawa No. 9, Sumbersari, Jember").waitFor();

    await page.getByRole("link", { name: "Pesanan" }).click();
    await page.getByText("Belum Ada Pesanan").waitFor();

    await page.goto(`${shop.url}/addresses`);
    await page.getByText("Jl. Jawa No. 9, Sumbersari, Jember").waitFor();
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("logs out from the profile's Keluar tab and the old cookie stops working", async () => {
    const { page, context } = await openPage(PHONE);
    await registerAndLogin(page, shop.url);
    const cookie = await sessionCookie(context, shop.url);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe("Lax");
    expect(cookie!.secure).toBe(false);
    const oldCookie = `${cookie!.name}=${cookie!.value}`;
    expect((await fetch(`${shop.url}/profile`, { redirect: "manual", headers: { cookie: oldCookie } })).status).toBe(
      200,
    );

    await page.goto(`${shop.url}/profile?tab=keluar`);
    await page.getByRole("main").getByRole("button", { name: "Keluar" }).click();
    await page.waitForURL(`${shop.url}/`);
    await page.getByRole("navigation", { name: "Navigasi bawah" }).getByRole("link", { name: "Masuk" }).waitFor();
    expect(await sessionCookie(context, shop.url)).toBeUndefined();

    const replay = await fetch(`${shop.url}/profile`, { redirect: "manual", headers: { cookie: oldCookie } });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/login?redirect=%2Fprofile");
  });

  it("logs out from the header's account menu", async () => {
    const { page, context, customer } = await openSignedIn("header menu", DESKTOP);
    const menu = await openMenu(page, page.getByRole("button", { name: "Akun Saya" }));
    await menu.getByText(customer.email).waitFor();
    await page.getByRole("menuitem", { name: "Keluar" }).click();
    await page.waitForURL(`${shop.url}/`);
    await page.getByRole("banner").getByRole("link", { name: "Masuk" }).waitFor();
    expect(await sessionCookie(context, shop.url)).toBeUndefined();
  });

  it("logs out from the phone's bottom bar 'Akun' menu", async () => {
    const { page, context, customer } = await openSignedIn("bottom bar", PHONE);
    const bottomBar = page.getByRole("navigation", { name: "Navigasi bawah" });
    const menu = await openMenu(page, bottomBar.getByRole("button", { name: "Akun" }));
    await menu.getByText(customer.email).waitFor();
    await page.getByRole("menuitem", { name: "Keluar" }).click();
    await page.waitForURL(`${shop.url}/`);
    await bottomBar.getByRole("link", { name: "Masuk" }).waitFor();
    expect(await sessionCookie(context, shop.url)).toBeUndefined();
  });

  it("refuses a customer at the admin login without a session and lets in an admin made with admin:create", async () => {
    const { page, context } = await openPage(DESKTOP);
    const customer = newCustomer();
    await register(page, shop.url, customer);
    // Registering signed the shop in; the admin login is tried from a browser without that session.
    await context.clearCookies();

    await page.goto(`${shop.url}/admin/login`);
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    await page.fill('input[name="email"]', customer.email);
    await page.fill('input[name="password"]', customer.password);
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    const box = await dialog(page, "Login Gagal");
    await box.getByText("Akses tidak diizinkan. Hanya admin yang dapat login ke panel ini.").waitFor();
    expect(await sessionCookie(context, shop.url)).toBeUndefined();
    expect(page.url()).toBe(`${shop.url}/admin/login`);

    const adminEmail = `admin.${Date.now()}@contoh.id`;
    const created = await runAdminCreate(
      shop.server.dataDir,
      ["--email", adminEmail, "--password", "Admin-Sayur-2025", "--name", "Pak Admin"],
      { APP_URL: shop.url },
    );
    expect(created.output).toContain(`Akun admin ${adminEmail} dibuat.`);
    expect(created.code).toBe(0);

    const admin = await openPage(DESKTOP);
    await adminLogin(admin.page, shop.url, { email: adminEmail, password: "Admin-Sayur-2025" });
    expect(await sessionCookie(admin.context, shop.url)).toBeDefined();
  });

  it("works without JavaScript: server checks, errors next to fields, redirects", async () => {
    const { page } = await openPage(PHONE, { javaScriptEnabled: false });
    const customer = newCustomer();
    await page.goto(`${shop.url}/register?redirect=%2Fprofile`);
    await page.fill('input[name="name"]', customer.name);
    await page.fill('input[name="email"]', customer.email);
    await page.fill('input[name="phone"]', customer.phone);
    await page.fill('[name="address"]', customer.address);
    await page.fill('input[name="password"]', customer.password);
    await page.fill('input[name="confirmPassword"]', "beda-password-123");
    await page.getByRole("button", { name: "Daftar", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Password dan konfirmasi password tidak sama." }).first().waitFor();
    expect(await page.inputValue('input[name="email"]')).toBe(customer.email);

    await page.fill('input[name="password"]', customer.password);
    await page.fill('input[name="confirmPassword"]', customer.password);
    await page.check('input[name="terms"]');
    await page.getByRole("button", { name: "Daftar", exact: true }).click();
    // Signed in by the sign-up itself and back on the page asked for.
    await page.waitForURL(`${shop.url}/profile`);
    await page.getByText(customer.email).first().waitFor();
    expect(await sessionCookie(page.context(), shop.url)).toBeDefined();

    await page.goto(`${shop.url}/profile?edit=1`);
    await page.fill('input[name="phone"]', "");
    await page.getByRole("button", { name: "Simpan Profil" }).click();
    await page.getByText("Nomor telepon wajib diisi.").waitFor();
    await page.fill('input[name="phone"]', "081298765432");
    await page.getByRole("button", { name: "Simpan Profil" }).click();
    await page.waitForURL(`${shop.url}/profile?saved=1`);
    await page.getByText("Profil berhasil disimpan.").waitFor();
    await page.getByText("081298765432").waitFor();

    await page.goto(`${shop.url}/profile?tab=keluar`);
    await page.getByRole("main").getByRole("button", { name: "Keluar" }).click();
    await page.waitForURL(`${shop.url}/`);
    expect(await sessionCookie(page.context(), shop.url)).toBeUndefined();
  });

  it("slows down repeated failed logins with a clear message", async () => {
    const { page } = await openPage(PHONE);
    const customer = newCustomer();
    await register(page, shop.url, customer);
    // Five free failures, then one more that starts the wait.
    for (let i = 0; i < 6; i++) {
      const response = await post(shop.url, "/login", {
        email: customer.email,
        password: `salah-${i}-password`,
        redirect: "/",
      });
      expect(response.status).toBe(401);
    }
    // A browser the account never signed in from (a browser that did is let through: the owner
    // is never locked out by someone else's guessing).
    await page.context().clearCookies();
    await page.goto(`${shop.url}/login`);
    await page.fill('input[name="email"]', customer.email);
    await page.fill('input[name="password"]', customer.password);
    await page.getByRole("button", { name: "Masuk", exact: true }).click();
    const box = await dialog(page, "Login Gagal");
    await box.getByText(/^Terlalu banyak percobaan login\. Silakan coba lagi dalam \d+ (detik|menit)\.$/).waitFor();
    expect(await sessionCookie(page.context(), shop.url)).toBeUndefined();
  });
});

describe.skipIf(!hasChromium)("requests from other sites", () => {
  it("refuses a login POST with a foreign Origin, even with the right password", async () => {
    const customer = newCustomer();
    const created = await post(shop.url, "/register", { ...customer, confirmPassword: customer.password, terms: "on" });
    expect(created.status).toBe(303);

    const foreign = await post(
      shop.url,
      "/login",
      { email: customer.email, password: customer.password, redirect: "/" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain("Permintaan ditolak");
    expect(foreign.headers.getSetCookie()).toEqual([]);

    const dataRequest = await post(
      shop.url,
      "/login.data",
      { email: customer.email, password: customer.password, redirect: "/" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(dataRequest.status).toBe(403);
    expect(dataRequest.headers.getSetCookie()).toEqual([]);

    const crossSite = await post(
      shop.url,
      "/login",
      { email: customer.email, password: customer.password, redirect: "/" },
      { headers: { "Sec-Fetch-Site": "cross-site" } },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);

    const own = await post(
      shop.url,
      "/login",
      { email: customer.email, password: customer.password, redirect: "/" },
      { headers: { Origin: shop.url } },
    );
    expect(own.status).toBe(303);
    expect(
      own.headers
        .getSetCookie()
        .some((c) => c.includes("session_token=") && /HttpOnly/i.test(c) && /SameSite=Lax/i.test(c)),
    ).toBe(true);
  });
});
