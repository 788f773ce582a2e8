// Accounts on a real database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL):
// what a customer can and cannot do through register, login, reset and profile.
import { randomBytes } from "node:crypto";
import { createEmailVerificationToken } from "better-auth/api";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { accounts, orderItems, orders, rateLimits, sessions, users, verifications } from "~/db/schema";
import { ACCOUNT_TEXT } from "~/lib/account-rules";
import {
  FORGOT_FORM,
  getProfile,
  isResetTokenValid,
  LOGIN_FORM,
  LOGIN_LIMITS,
  REGISTER_FORM,
  REGISTER_LIMITS,
  RESET_FORM,
  registerCustomer as registerParsed,
  requestPasswordReset as requestResetParsed,
  resendVerificationEmail,
  resetPassword as resetParsed,
  signIn as signInParsed,
  signInAdmin as signInAdminParsed,
  profileInvalidMessage,
  profileSchema,
  updateProfile,
  verifyEmail,
  type AccountDeps,
} from "./customer.server";
import { createOrPromoteAdmin } from "./staff.server";
import { createAuth } from "./auth.server";
import type * as MailModule from "../notifications/mail-transport.server";
import { authSecret, loadConfig } from "../config.server";
import { listRecentOrdersForCustomer } from "../orders/customer.server";
import { parseFields } from "../form-action.server";
import { viaForm } from "../../../tests/support/forms";
import { setMailConfigured } from "../../../tests/support/mail";
import { rememberedDeliveryArea } from "../delivery/slots.server";
import { OUTSIDE_AREA } from "~/lib/delivery-settings";
import type { MailMessage } from "../notifications/mail-transport.server";

type Client = { key: string; headers?: Headers };
// Each account form as its route sends it: parsed by the form's schema, then the module called.
const registerCustomer = (d: AccountDeps, fields: Record<string, unknown>, c: Client) =>
  viaForm(REGISTER_FORM, fields, (input) => registerParsed(d, input, c));
const signIn = (d: AccountDeps, fields: Record<string, unknown>, c: Client) =>
  viaForm(LOGIN_FORM, fields, (input) => signInParsed(d, input, c));
const signInAdmin = (d: AccountDeps, fields: Record<string, unknown>, c: Client) =>
  viaForm(LOGIN_FORM, fields, (input) => signInAdminParsed(d, input, c));
const requestPasswordReset = (d: AccountDeps, fields: Record<string, unknown>, c: Client) =>
  viaForm(FORGOT_FORM, fields, (input) => requestResetParsed(d, input, c));
const resetPassword = (d: AccountDeps, fields: Record<string, unknown>, c: Client) =>
  viaForm(RESET_FORM, fields, (input) => resetParsed(d, input, c));

/** The profile form as the route sends it: parsed by its schema, then saved. */
async function saveProfile(userId: string, fields: Record<string, unknown>) {
  const parsed = parseFields(profileSchema, fields, {
    invalid: { title: "Data Tidak Lengkap", message: profileInvalidMessage },
  });
  return parsed.ok ? updateProfile(testDb.db, userId, parsed.data) : parsed.failure;
}

let clientCounter = 0;
/** A distinct client address per sign-up, so the per-client limit never mixes tests. */
const newClient = () => ({ key: `test-client-${++clientCounter}` });

const mail = vi.hoisted(() => ({ sent: [] as MailMessage[] }));
vi.mock("../notifications/mail-transport.server", async (importOriginal) => {
  const original = await importOriginal<typeof MailModule>();
  return {
    ...original,
    sendMail: vi.fn(async (message: MailMessage) => {
      mail.sent.push(message);
    }),
  };
});

let testDb: TestDatabase;
let deps: AccountDeps;

// sendMail is mocked above; the channel counts as configured, so the answers are the ones a
// shop with working e-mail gives (tests/integration/honest-messages.test.ts has the others).
let restoreMail: () => void;
beforeAll(async () => {
  restoreMail = setMailConfigured(true);
  testDb = await createTestDatabase({ seed: false });
  deps = { db: testDb.db, auth: createAuth(testDb.db) };
});
afterAll(async () => {
  restoreMail?.();
  await testDb?.destroy();
});
beforeEach(() => {
  mail.sent.length = 0;
});

let counter = 0;
/** Each test uses its own client address so the rate limits of one never touch another. */
function client() {
  return {
    key: `10.0.${++counter}.${Math.floor(Math.random() * 250)}`,
    headers: new Headers({ "user-agent": "vitest" }),
  };
}

function newRegistration(overrides: Record<string, unknown> = {}) {
  const id = randomBytes(4).toString("hex");
  return {
    name: "Siti Aminah",
    email: `siti.${id}@contoh.id`,
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    password: `Sayur-Segar-${id}`,
    confirmPassword: `Sayur-Segar-${id}`,
    terms: "on",
    ...overrides,
  };
}

async function registered(overrides: Record<string, unknown> = {}) {
  const input = newRegistration(overrides);
  const result = await registerCustomer(deps, input, newClient());
  if (!result.ok) throw new Error(`registration failed: ${result.message}`);
  const [user] = await testDb.db.select().from(users).where(eq(users.email, input.email));
  return { ...input, id: user.id };
}

function linkIn(message: MailMessage | undefined, path: string): URL {
  const match = message?.text.match(new RegExp(`https?://\\S*${path}\\?token=\\S+`));
  if (!match) throw new Error(`no ${path} link in mail`);
  return new URL(match[0]);
}

async function userCount() {
  const [row] = await testDb.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row.n);
}

function cookieHeaderFrom(setCookie: Headers): string {
  return setCookie
    .getSetCookie()
    .map((c) => c.split(";", 1)[0])
    .join("; ");
}

describe("register", () => {
  it("creates a customer with name, phone and address, signs them in and sends a verification mail", async () => {
    const input = newRegistration({ email: "  Budi.Santoso.REG@Contoh.ID " });
    const result = await registerCustomer(deps, input, newClient());
    expect(result).toMatchObject({
      ok: true,
      message: ACCOUNT_TEXT.registerSuccess,
      email: "budi.santoso.reg@contoh.id",
    });
    if (!result.ok) return;
    // Signed in at once, before the address is verified.
    const session = await deps.auth.api.getSession({
      headers: new Headers({ cookie: cookieHeaderFrom(result.headers) }),
    });
    expect(session?.user.email).toBe("budi.santoso.reg@contoh.id");
    const profile = await testDb.db.select().from(users).where(eq(users.email, "budi.santoso.reg@contoh.id"));
    expect(profile).toHaveLength(1);
    expect(profile[0]).toMatchObject({
      name: "Siti Aminah",
      phone: "081234567890",
      address: input.address,
      role: "customer",
      emailVerified: false,
    });
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0].to).toBe("budi.santoso.reg@contoh.id");
    expect(linkIn(mail.sent[0], "/verify-email").origin).toBe(loadConfig().appUrl);
  });

  it("refuses a second sign-up of an e-mail, whatever its case: no account, no session, the e-mail field says why", async () => {
    const first = await registered();
    const before = await userCount();
    mail.sent.length = 0;
    const again = await registerCustomer(
      deps,
      newRegistration({ email: first.email.toUpperCase(), name: "Orang Lain" }),
      newClient(),
    );
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      title: ACCOUNT_TEXT.registerFailedTitle,
      fieldErrors: { email: ACCOUNT_TEXT.emailTaken },
    });
    expect(again).not.toHaveProperty("headers");
    expect(await userCount()).toBe(before);
    const [row] = await testDb.db.select().from(users).where(eq(users.id, first.id));
    expect(row.name).toBe("Siti Aminah");
    expect(mail.sent).toHaveLength(0);
  });

  it.each([
    [{ confirmPassword: "lain-sekali-123" }, "confirmPassword", "Password dan konfirmasi password tidak sama."],
    [{ terms: undefined }, "terms", "Anda harus menyetujui syarat dan ketentuan."],
    [{ password: "pendek7", confirmPassword: "pendek7" }, "password", "Password harus memiliki minimal 8 karakter."],
    [{ name: "   " }, "name", "Nama lengkap wajib diisi."],
    [{ email: "bukan-email" }, "email", "Format email tidak valid."],
    [{ phone: "12345" }, "phone", "Nomor telepon tidak valid. Contoh: 081234567890."],
    [{ address: "" }, "address", "Alamat wajib diisi."],
    [{ password: "x".repeat(129), confirmPassword: "x".repeat(129) }, "password", "Password maksimal 128 karakter."],
    [
      { password: "Indonesia123", confirmPassword: "Indonesia123" },
      "password",
      "Password ini terlalu umum dan mudah ditebak. Gunakan kombinasi lain.",
    ],
  ])("refuses %j with a message next to the field and stores nothing", async (overrides, field, message) => {
    const before = await userCount();
    const result = await registerCustomer(deps, newRegistration(overrides), newClient());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.title).toBe("Validasi Gagal");
    expect(result.fieldErrors[field as keyof typeof result.fieldErrors]).toBe(message);
    expect(await userCount()).toBe(before);
    expect(mail.sent).toHaveLength(0);
  });

  it("reports every problem at once, the mismatch first", async () => {
    const result = await registerCustomer(
      deps,
      newRegistration({ confirmPassword: "beda-sekali-123", terms: undefined, phone: "" }),
      newClient(),
    );
    expect(result).toMatchObject({
      ok: false,
      title: "Validasi Gagal",
      message: "Password dan konfirmasi password tidak sama.",
      fieldErrors: {
        confirmPassword: "Password dan konfirmasi password tidak sama.",
        terms: "Anda harus menyetujui syarat dan ketentuan.",
        phone: "Nomor telepon wajib diisi.",
      },
    });
  });

  it("survives input that is not text at all", async () => {
    const result = await registerCustomer(
      deps,
      { name: 42, email: ["a@b.c"], phone: null, address: {}, password: true },
      newClient(),
    );
    expect(result).toMatchObject({ ok: false, status: 400 });
  });

  it("never stores the password in clear", async () => {
    const user = await registered();
    const [account] = await testDb.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(account.providerId).toBe("credential");
    expect(account.password).toBeTruthy();
    expect(account.password).not.toBe(user.password);
    expect(account.password).not.toContain(user.password);
    expect(account.password!.length).toBeGreaterThan(60);
  });
});

describe("role can never be chosen by a customer", () => {
  it("ignores role and emailVerified posted with the registration form", async () => {
    const user = await registered({ role: "admin", emailVerified: "true" });
    const [row] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(row.role).toBe("customer");
    expect(row.emailVerified).toBe(false);
  });

  it("ignores role sent straight to Better Auth's sign-up", async () => {
    const email = `langsung.${randomBytes(3).toString("hex")}@contoh.id`;
    await deps.auth.api.signUpEmail({
      body: { email, password: "Sayur-Segar-123", name: "Langsung", role: "admin" } as never,
    });
    const [row] = await testDb.db.select().from(users).where(eq(users.email, email));
    expect(row.role).toBe("customer");
  });

  it("refuses role through Better Auth's update-user call", async () => {
    const user = await registered();
    const login = await signIn(deps, { email: user.email, password: user.password }, client());
    if (!login.ok) throw new Error(login.message);
    const headers = new Headers({ cookie: cookieHeaderFrom(login.headers) });
    await expect(deps.auth.api.updateUser({ body: { role: "admin" } as never, headers })).rejects.toThrow(
      /role is not allowed/,
    );
    await expect(
      deps.auth.api.updateUser({ body: { name: "Tetap Pelanggan", role: "admin" } as never, headers }),
    ).rejects.toThrow(/role is not allowed/);
    // The same session may change what it is allowed to.
    await deps.auth.api.updateUser({ body: { name: "Nama Boleh Diubah" }, headers });
    const [row] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: "customer", name: "Nama Boleh Diubah" });
  });

  it("ignores role, e-mail and anything else posted to the profile", async () => {
    const user = await registered();
    const result = await saveProfile(user.id, {
      name: "Siti Baru",
      phone: "0822 3344 5566",
      address: "Jl. Jawa No. 5, Jember",
      role: "admin",
      email: "lain@contoh.id",
      emailVerified: "true",
      id: "someone-else",
    });
    expect(result.ok).toBe(true);
    const [row] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: "Siti Baru",
      phone: "0822 3344 5566",
      address: "Jl. Jawa No. 5, Jember",
      role: "customer",
      email: user.email,
      emailVerified: false,
    });
  });
});

describe("login", () => {
  it("opens a session with an HttpOnly, SameSite=Lax cookie", async () => {
    const user = await registered();
    const result = await signIn(deps, { email: user.email.toUpperCase(), password: user.password }, client());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.user).toEqual({ id: user.id, role: "customer" });
    const cookie = result.headers.getSetCookie().find((c) => c.startsWith("sayur.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const session = await deps.auth.api.getSession({
      headers: new Headers({ cookie: cookieHeaderFrom(result.headers) }),
    });
    expect(session?.user.id).toBe(user.id);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const user = await registered();
    const wrongPassword = await signIn(deps, { email: user.email, password: "bukan-passwordnya" }, client());
    const unknownEmail = await signIn(
      deps,
      { email: `tidak.ada.${randomBytes(3).toString("hex")}@contoh.id`, password: user.password },
      client(),
    );
    for (const result of [wrongPassword, unknownEmail]) {
      expect(result).toEqual({
        ok: false,
        status: 401,
        title: "Login Gagal",
        message: "Email atau password salah. Silakan coba lagi.",
        fieldErrors: {},
        values: {},
      });
    }
  });

  it("asks for both fields", async () => {
    const result = await signIn(deps, { email: "", password: "" }, client());
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "Email wajib diisi.", password: "Password wajib diisi." },
    });
  });

  /** The Cookie header a browser sends after this login's Set-Cookie lines. */
  const cookieAfter = (result: Awaited<ReturnType<typeof signIn>>) =>
    result.ok
      ? result.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ")
      : "";
  const onDevice = (cookie: string) => ({ ...client(), headers: new Headers({ cookie }) });

  it.each([
    ["customer login", signIn, false],
    ["admin login", signInAdmin, true],
  ] as const)(
    "%s: strangers' guesses slow the account down but never keep its owner out on a known device",
    async (_, login, admin) => {
      const email = `pemilik.${randomBytes(3).toString("hex")}@contoh.id`;
      const password = "Kangkung-Segar-Jember-2025";
      if (admin) await createOrPromoteAdmin(testDb.db, { email, password, name: "Bu Pemilik" }, deps.auth);
      else await registered({ email, password, confirmPassword: password });
      const first = await login(deps, { email, password }, client());
      expect(first.ok).toBe(true);
      const device = cookieAfter(first);
      expect(device).toMatch(/sayur\.device=/);

      // A stranger (from ever new addresses) guesses: a few free failures, then one per delay.
      for (let i = 0; i < LOGIN_LIMITS.perEmail + 1; i++)
        expect(await login(deps, { email, password: `tebakan-${i}-salah` }, client())).toMatchObject({ status: 401 });
      const slowed = await login(deps, { email, password: "tebakan-lagi-salah" }, client());
      expect(slowed).toMatchObject({ ok: false, status: 429 });
      if (!slowed.ok)
        expect(slowed.message).toMatch(/^Terlalu banyak percobaan login\. Silakan coba lagi dalam \d+ detik\.$/);
      // Guessing stays throttled: not even the right password is checked from an unknown device now.
      expect(await login(deps, { email, password }, client())).toMatchObject({ ok: false, status: 429 });

      // The owner, on the phone they logged in with before, gets in at once.
      const owner = await login(deps, { email, password }, onDevice(device));
      expect(owner.ok).toBe(true);
    },
  );

  it("waits longer after every further failure, and refused attempts do not lengthen the wait", async () => {
    const user = await registered();
    const waitEnds = async () => {
      const [row] = await testDb.db
        .select({ resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(eq(rateLimits.key, `login:email-wait:${user.email}`));
      return Math.round((new Date(row.resetAt).getTime() - Date.now()) / 1000);
    };
    const endWait = () =>
      testDb.db
        .update(rateLimits)
        .set({ resetAt: new Date(Date.now() - 1000) })
        .where(eq(rateLimits.key, `login:email-wait:${user.email}`));
    for (let i = 0; i <= LOGIN_LIMITS.perEmail; i++)
      await signIn(deps, { email: user.email, password: `salah-${i}-password` }, client());
    const firstWait = await waitEnds();
    expect(firstWait).toBeGreaterThan(20);
    expect(firstWait).toBeLessThanOrEqual(30);
    for (let i = 0; i < 5; i++)
      expect(await signIn(deps, { email: user.email, password: "salah-lagi" }, client())).toMatchObject({
        status: 429,
      });
    expect(await waitEnds()).toBeLessThanOrEqual(30);
    await endWait();
    expect(await signIn(deps, { email: user.email, password: "salah-lagi" }, client())).toMatchObject({ status: 401 });
    expect(await waitEnds()).toBeGreaterThan(50);
    // Once the wait is over the owner gets in from anywhere, and all is forgiven.
    await endWait();
    expect((await signIn(deps, { email: user.email, password: user.password }, client())).ok).toBe(true);
    expect(await signIn(deps, { email: user.email, password: "salah-sekali" }, client())).toMatchObject({
      status: 401,
    });
  });

  it("a device cookie counts only for its own account, and a forged one for none", async () => {
    const owner = await registered();
    const victim = await registered();
    const device = cookieAfter(await signIn(deps, { email: owner.email, password: owner.password }, client()));
    for (let i = 0; i <= LOGIN_LIMITS.perEmail; i++)
      await signIn(deps, { email: victim.email, password: `salah-${i}-password` }, client());
    // The owner's cookie is no pass for guessing at someone else's account.
    expect(await signIn(deps, { email: victim.email, password: "tebakan" }, onDevice(device))).toMatchObject({
      status: 429,
    });
    const forged = device.replace(/(sayur\.device=[^.]+\.)[A-Za-z0-9_-]{4}/, "$1AAAA");
    expect(await signIn(deps, { email: victim.email, password: victim.password }, onDevice(forged))).toMatchObject({
      status: 429,
    });
  });

  it("a known device has its own limit for wrong passwords", async () => {
    const user = await registered();
    const device = cookieAfter(await signIn(deps, { email: user.email, password: user.password }, client()));
    for (let i = 0; i < 10; i++)
      expect(await signIn(deps, { email: user.email, password: `salah-${i}` }, onDevice(device))).toMatchObject({
        status: 401,
      });
    expect(await signIn(deps, { email: user.email, password: user.password }, onDevice(device))).toMatchObject({
      status: 429,
    });
  });

  it("counts a burst of parallel guesses before checking any of them", async () => {
    const user = await registered();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(deps, { email: user.email, password: `tebakan-${i}-salah` }, client()),
      ),
    );
    const statuses = results.map((r) => (r.ok ? 200 : r.status));
    // The free failures and exactly one delayed attempt are checked; the rest wait.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perEmail + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LOGIN_LIMITS.perEmail - 1);
    expect(await signIn(deps, { email: user.email, password: user.password }, client())).toMatchObject({
      ok: false,
      status: 429,
    });
  });

  it("forgives an e-mail's failures once its owner logs in", async () => {
    const user = await registered();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_LIMITS.perEmail - 1; i++)
        await signIn(deps, { email: user.email, password: `salah-${i}-password` }, client());
      expect((await signIn(deps, { email: user.email, password: user.password }, client())).ok).toBe(true);
    }
  });

  it("refuses a client that keeps failing across many e-mails", async () => {
    const from = client();
    for (let i = 0; i < LOGIN_LIMITS.perClient; i++) {
      await signIn(
        deps,
        { email: `coba.${i}.${randomBytes(2).toString("hex")}@contoh.id`, password: "tebak-tebakan" },
        from,
      );
    }
    const user = await registered();
    const blocked = await signIn(deps, { email: user.email, password: user.password }, from);
    expect(blocked).toMatchObject({ ok: false, status: 429 });
    const elsewhere = await signIn(deps, { email: user.email, password: user.password }, client());
    expect(elsewhere.ok).toBe(true);
  });

  it("does not hold a client's correct logins against it", async () => {
    const from = client();
    const user = await registered();
    for (let i = 0; i < LOGIN_LIMITS.perClient + 5; i++) {
      expect((await signIn(deps, { email: user.email, password: user.password }, from)).ok).toBe(true);
    }
  });

  it("sets a Secure, __Secure- prefixed cookie when APP_URL is https", async () => {
    const httpsConfig = { ...loadConfig(), appUrl: "https://sayur.example", secureCookies: true };
    const httpsDeps = { db: testDb.db, auth: createAuth(testDb.db, httpsConfig) };
    const user = await registered();
    const result = await signIn(httpsDeps, { email: user.email, password: user.password }, client());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const cookie = result.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/^__Secure-sayur\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe("admin login", () => {
  it("refuses a customer with the shop's message and leaves no session behind", async () => {
    const user = await registered();
    // Registering signed the customer in: that shop session stays, the admin login adds none.
    const before = await testDb.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(before).toHaveLength(1);
    const result = await signInAdmin(deps, { email: user.email, password: user.password }, client());
    expect(result).toMatchObject({
      ok: false,
      status: 403,
      message: "Akses tidak diizinkan. Hanya admin yang dapat login ke panel ini.",
    });
    expect(await testDb.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(before);
  });

  it("lets an admin in", async () => {
    const email = `admin.${randomBytes(3).toString("hex")}@contoh.id`;
    await createOrPromoteAdmin(testDb.db, { email, password: "Admin-Sayur-2025" }, deps.auth);
    const result = await signInAdmin(deps, { email, password: "Admin-Sayur-2025" }, client());
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.user.role).toBe("admin");
  });

  it("answers a wrong password like the shop's login", async () => {
    const result = await signInAdmin(deps, { email: "siapa@contoh.id", password: "salah-sekali" }, client());
    expect(result).toMatchObject({ ok: false, status: 401, message: ACCOUNT_TEXT.badCredentials });
  });
});

describe("password reset", () => {
  it("answers the same for a registered and an unknown e-mail, and mails only the first", async () => {
    const user = await registered();
    mail.sent.length = 0;
    const known = await requestPasswordReset(deps, { email: user.email }, client());
    const unknown = await requestPasswordReset(
      deps,
      { email: `tidak.ada.${randomBytes(3).toString("hex")}@contoh.id` },
      client(),
    );
    expect(known.ok).toBe(true);
    expect(unknown.ok).toBe(true);
    expect(Object.keys(known)).toEqual(Object.keys(unknown));
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0].to).toBe(user.email);
    expect(linkIn(mail.sent[0], "/reset-password").origin).toBe(loadConfig().appUrl);
  });

  it("asks for a valid e-mail", async () => {
    expect(await requestPasswordReset(deps, { email: "" }, client())).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "Email wajib diisi." },
    });
    expect(await requestPasswordReset(deps, { email: "bukan" }, client())).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "Format email tidak valid." },
    });
  });

  it("sends at most 3 mails per e-mail in the window, still answering the same", async () => {
    const user = await registered();
    mail.sent.length = 0;
    for (let i = 0; i < 5; i++)
      expect((await requestPasswordReset(deps, { email: user.email }, client())).ok).toBe(true);
    expect(mail.sent).toHaveLength(3);
  });

  it("refuses a client asking too often", async () => {
    const from = client();
    for (let i = 0; i < 10; i++) await requestPasswordReset(deps, { email: `x${i}@contoh.id` }, from);
    const refused = await requestPasswordReset(deps, { email: "x99@contoh.id" }, from);
    expect(refused).toMatchObject({ ok: false, status: 429, title: "Reset Password Gagal" });
    expect(refused.ok ? "" : refused.message).toMatch(/^Terlalu banyak permintaan reset password/);
  });

  it("changes the password once per link and ends every session", async () => {
    const user = await registered();
    const before = await signIn(deps, { email: user.email, password: user.password }, client());
    if (!before.ok) throw new Error(before.message);
    const oldCookie = cookieHeaderFrom(before.headers);
    mail.sent.length = 0;
    await requestPasswordReset(deps, { email: user.email }, client());
    const token = linkIn(mail.sent[0], "/reset-password").searchParams.get("token")!;
    expect(await isResetTokenValid(deps, token)).toBe(true);

    const done = await resetPassword(
      deps,
      { token, password: "Password-Baru-123", confirmPassword: "Password-Baru-123" },
      client(),
    );
    expect(done).toEqual({ ok: true, message: ACCOUNT_TEXT.passwordChanged, next: "/login?reset=done" });
    expect(await isResetTokenValid(deps, token)).toBe(false);

    const reused = await resetPassword(
      deps,
      { token, password: "Lagi-Lagi-12345", confirmPassword: "Lagi-Lagi-12345" },
      client(),
    );
    expect(reused).toMatchObject({ ok: false, title: "Update Password Gagal", message: ACCOUNT_TEXT.resetLinkInvalid });

    // Asked as every access check asks: of the database, not the display-only cookie cache.
    expect(
      await deps.auth.api.getSession({
        headers: new Headers({ cookie: oldCookie }),
        query: { disableCookieCache: true },
      }),
    ).toBeNull();
    expect(await signIn(deps, { email: user.email, password: user.password }, client())).toMatchObject({
      ok: false,
      message: ACCOUNT_TEXT.badCredentials,
    });
    expect((await signIn(deps, { email: user.email, password: "Password-Baru-123" }, client())).ok).toBe(true);
    expect((await signIn(deps, { email: user.email, password: "Lagi-Lagi-12345" }, client())).ok).toBe(false);
  });

  it("refuses an expired link", async () => {
    const user = await registered();
    mail.sent.length = 0;
    await requestPasswordReset(deps, { email: user.email }, client());
    const token = linkIn(mail.sent[0], "/reset-password").searchParams.get("token")!;
    await testDb.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(await isResetTokenValid(deps, token)).toBe(false);
    const result = await resetPassword(
      deps,
      { token, password: "Password-Baru-123", confirmPassword: "Password-Baru-123" },
      client(),
    );
    expect(result).toMatchObject({ ok: false, message: ACCOUNT_TEXT.resetLinkInvalid });
    expect((await signIn(deps, { email: user.email, password: user.password }, client())).ok).toBe(true);
  });

  it("gives the shop's titles for a mismatch and a short password", async () => {
    expect(
      await resetPassword(
        deps,
        { token: "t", password: "Password-Baru-123", confirmPassword: "Password-Lain-123" },
        client(),
      ),
    ).toMatchObject({
      ok: false,
      title: "Password Tidak Cocok",
      message: "Password dan konfirmasi password harus sama.",
    });
    expect(
      await resetPassword(deps, { token: "t", password: "pendek", confirmPassword: "lain" }, client()),
    ).toMatchObject({ title: "Password Tidak Cocok" });
    expect(
      await resetPassword(deps, { token: "t", password: "pendek", confirmPassword: "pendek" }, client()),
    ).toMatchObject({
      ok: false,
      title: "Password Terlalu Pendek",
      message: "Password harus memiliki minimal 8 karakter.",
    });
  });

  it("refuses a common password and keeps the link usable", async () => {
    const user = await registered();
    mail.sent.length = 0;
    await requestPasswordReset(deps, { email: user.email }, client());
    const token = linkIn(mail.sent[0], "/reset-password").searchParams.get("token")!;
    expect(
      await resetPassword(deps, { token, password: "password123", confirmPassword: "password123" }, client()),
    ).toMatchObject({
      ok: false,
      title: "Update Password Gagal",
      fieldErrors: { password: "Password ini terlalu umum dan mudah ditebak. Gunakan kombinasi lain." },
    });
    expect(await isResetTokenValid(deps, token)).toBe(true);
  });

  it("treats made-up tokens as invalid", async () => {
    expect(await isResetTokenValid(deps, "tidak-ada")).toBe(false);
    expect(await isResetTokenValid(deps, "")).toBe(false);
    expect(
      await resetPassword(
        deps,
        { token: "tidak-ada", password: "Password-Baru-123", confirmPassword: "Password-Baru-123" },
        client(),
      ),
    ).toMatchObject({
      ok: false,
      message: ACCOUNT_TEXT.resetLinkInvalid,
    });
  });
});

describe("e-mail verification", () => {
  it("verifies with the mailed link and accepts the same link again", async () => {
    mail.sent.length = 0;
    const user = await registered();
    const token = linkIn(mail.sent[0], "/verify-email").searchParams.get("token")!;
    expect(await verifyEmail(deps, token)).toEqual({ ok: true });
    expect((await getProfile(testDb.db, user.id))?.emailVerified).toBe(true);
    expect(await verifyEmail(deps, token)).toEqual({ ok: true });
  });

  it("tells an expired link from a broken one", async () => {
    const user = await registered();
    const expired = await createEmailVerificationToken(authSecret(loadConfig()), user.email, undefined, -60, {
      userId: user.id,
    });
    expect(await verifyEmail(deps, expired)).toEqual({ ok: false, reason: "expired" });
    expect(await verifyEmail(deps, "bukan.token.jwt")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyEmail(deps, null)).toEqual({ ok: false, reason: "invalid" });
    expect((await getProfile(testDb.db, user.id))?.emailVerified).toBe(false);
  });

  it("resends the link a few times an hour", async () => {
    const user = await registered();
    const login = await signIn(deps, { email: user.email, password: user.password }, client());
    if (!login.ok) throw new Error(login.message);
    const headers = new Headers({ cookie: cookieHeaderFrom(login.headers) });
    mail.sent.length = 0;
    const who = { id: user.id, email: user.email, emailVerified: false };
    for (let i = 0; i < 3; i++) expect((await resendVerificationEmail(deps, who, headers)).ok).toBe(true);
    expect(await resendVerificationEmail(deps, who, headers)).toMatchObject({ ok: false, status: 429 });
    expect(mail.sent).toHaveLength(3);
    expect(await verifyEmail(deps, linkIn(mail.sent[2], "/verify-email").searchParams.get("token"))).toEqual({
      ok: true,
    });
  });
});

describe("profile", () => {
  it("saves the user's own name, phone and address only", async () => {
    const a = await registered();
    const b = await registered({ name: "Budi" });
    const result = await saveProfile(a.id, {
      name: "  Siti A.  ",
      phone: "+62 812-3456-7890",
      address: "Jl. Baru 1",
    });
    expect(result).toMatchObject({
      ok: true,
      profile: { name: "Siti A.", phone: "+62 812-3456-7890", address: "Jl. Baru 1" },
    });
    expect((await getProfile(testDb.db, b.id))?.name).toBe("Budi");
  });

  it("remembers the delivery area for checkout, refuses an unknown one, and keeps it when the form has none", async () => {
    const user = await registered();
    const base = { name: "Siti", phone: "081234567890", address: "Jl. Baru 1" };
    expect(await saveProfile(user.id, { ...base, area: "patrang" })).toMatchObject({ ok: true });
    expect(await rememberedDeliveryArea(testDb.db, user.id)).toBe("patrang");
    expect(await saveProfile(user.id, base)).toMatchObject({ ok: true });
    expect(await rememberedDeliveryArea(testDb.db, user.id)).toBe("patrang");
    expect(await saveProfile(user.id, { ...base, area: OUTSIDE_AREA })).toMatchObject({ ok: true });
    expect(await rememberedDeliveryArea(testDb.db, user.id)).toBe(OUTSIDE_AREA);
    const refused = await saveProfile(user.id, { ...base, area: "bulan" });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { area: expect.stringMatching(/tidak dikenal/) },
    });
    expect(await rememberedDeliveryArea(testDb.db, user.id)).toBe(OUTSIDE_AREA);
  });

  it("refuses missing data with the shop's message and keeps what was there", async () => {
    const user = await registered();
    const result = await saveProfile(user.id, { name: "Siti", phone: "", address: "  " });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      title: "Data Tidak Lengkap",
      message: "Mohon lengkapi semua data profil.",
      fieldErrors: { phone: "Nomor telepon wajib diisi.", address: "Alamat wajib diisi." },
    });
    expect(await getProfile(testDb.db, user.id)).toMatchObject({ phone: "081234567890", address: user.address });
  });

  it("refuses an implausible phone number", async () => {
    const user = await registered();
    expect(await saveProfile(user.id, { name: "Siti", phone: "abc", address: "Jl. A" })).toMatchObject({
      ok: false,
      fieldErrors: { phone: expect.stringMatching(/tidak valid/) },
    });
  });
});

describe("latest orders for the profile", () => {
  it("lists only the user's orders, newest first, with their item counts", async () => {
    const a = await registered();
    const b = await registered();
    const place = async (userId: string, minutesAgo: number, items: number, status = "pending") => {
      const [order] = await testDb.db
        .insert(orders)
        .values({
          userId,
          status,
          totalAmount: 10_000 * items,
          deliverySlot: "pagi",
          deliveryTime: "05:00 - 07:00",
          deliveryDate: "2026-01-02",
          recipientName: "Siti",
          recipientPhone: "081234567890",
          recipientAddress: "Jl. A",
          idempotencyKey: randomBytes(8).toString("hex"),
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning({ id: orders.id });
      for (let i = 0; i < items; i++) {
        await testDb.db.insert(orderItems).values({
          orderId: order.id,
          productName: `Sayur ${i}`,
          productUnit: "ikat",
          quantity: 1,
          price: 10_000,
          originalPrice: 10_000,
        });
      }
      return order.id;
    };
    const older = await place(a.id, 60, 1, "completed");
    const newer = await place(a.id, 5, 3);
    await place(b.id, 1, 2);

    const list = await listRecentOrdersForCustomer(testDb.db, a.id, 5);
    expect(list.map((o) => o.id)).toEqual([newer, older]);
    expect(list.map((o) => o.itemCount)).toEqual([3, 1]);
    expect(list[0]).toMatchObject({
      status: "pending",
      totalAmount: 30_000,
      deliveryFee: null,
      deliveryTime: "05:00 - 07:00",
      deliveryDate: "2026-01-02",
    });
    expect(await listRecentOrdersForCustomer(testDb.db, a.id, 1)).toHaveLength(1);
    expect(await listRecentOrdersForCustomer(testDb.db, "nobody", 5)).toEqual([]);
  });
});

describe("what the log and database never hold", () => {
  it("keeps no password in clear anywhere in the users and accounts tables", async () => {
    const user = await registered();
    const rows = await testDb.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), like(accounts.password, `%${user.password}%`)));
    expect(rows).toHaveLength(0);
    const [profile] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(JSON.stringify(profile)).not.toContain(user.password);
  });
});

describe("registration limit", () => {
  it("refuses more sign-ups from one client than the hourly limit, storing nothing", async () => {
    const client = { key: "one-busy-client" };
    for (let i = 0; i < REGISTER_LIMITS.perClient; i++) {
      const ok = await registerCustomer(deps, newRegistration(), client);
      expect(ok.ok).toBe(true);
    }
    const extra = newRegistration();
    const refused = await registerCustomer(deps, extra, client);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.status).toBe(429);
      expect(refused.message).toMatch(/Terlalu banyak percobaan/);
    }
    const [stored] = await testDb.db
      .select()
      .from(users)
      .where(eq(users.email, String(extra.email).toLowerCase()));
    expect(stored).toBeUndefined();
  });
});
