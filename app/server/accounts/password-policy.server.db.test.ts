// Password rules and session endings (OWASP ASVS 5.0 V6.2, V7.4) through the shop's own
// account functions on a real database: length 8..128, no truncation, common passwords
// refused, and a password change or reset ends the account's other sessions.
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions, users } from "~/db/schema";
import { ACCOUNT_TEXT } from "~/lib/account-rules";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import {
  CHANGE_PASSWORD_FORM,
  changePassword as changeParsed,
  FORGOT_FORM,
  LOGIN_FORM,
  REGISTER_FORM,
  registerCustomer as registerParsed,
  requestPasswordReset as requestResetParsed,
  RESET_FORM,
  resetPassword as resetParsed,
  signIn as signInParsed,
  type AccountDeps,
} from "./customer.server";
import { viaForm } from "../../../tests/support/forms";
import { setMailConfigured } from "../../../tests/support/mail";
import { endAllSessionsOfUser } from "./customer-list.server";
import { createAuth } from "./auth.server";
import type * as MailModule from "../notifications/mail-transport.server";
import type { MailMessage } from "../notifications/mail-transport.server";

const mail = vi.hoisted(() => ({ sent: [] as MailMessage[] }));
vi.mock("../notifications/mail-transport.server", async (importOriginal) => {
  const original = await importOriginal<typeof MailModule>();
  return { ...original, sendMail: vi.fn(async (message: MailMessage) => void mail.sent.push(message)) };
});

type Client = { key: string; headers?: Headers };
// Each account form as its route sends it: parsed by the form's schema, then the module called.
const registerCustomer = (d: AccountDeps, fields: Record<string, unknown>, c: Client) =>
  viaForm(REGISTER_FORM, fields, (input) => registerParsed(d, input, c));
const signIn = (d: AccountDeps, fields: Record<string, unknown>, c: Client) =>
  viaForm(LOGIN_FORM, fields, (input) => signInParsed(d, input, c));
const requestPasswordReset = (d: AccountDeps, fields: Record<string, unknown>, c: Client) =>
  viaForm(FORGOT_FORM, fields, (input) => requestResetParsed(d, input, c));
const resetPassword = (d: AccountDeps, fields: Record<string, unknown>, c: Client) =>
  viaForm(RESET_FORM, fields, (input) => resetParsed(d, input, c));
const changePassword = (d: AccountDeps, user: { id: string }, headers: Headers, fields: Record<string, unknown>) =>
  viaForm(CHANGE_PASSWORD_FORM, fields, (input) => changeParsed(d, user, headers, input));

let testDb: TestDatabase;
let deps: AccountDeps;
let n = 0;
const client = () => ({ key: `pw-client-${++n}`, headers: new Headers({ "user-agent": `device-${n}` }) });

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  deps = { db: testDb.db, auth: createAuth(testDb.db) };
});
afterAll(async () => {
  await testDb?.destroy();
});

function registration(password: string) {
  return {
    name: "Dewi Lestari",
    email: `dewi.${randomBytes(4).toString("hex")}@contoh.id`,
    phone: "081234567890",
    address: "Jl. Jawa No. 5, Jember",
    password,
    confirmPassword: password,
    terms: "on",
  };
}

async function register(password: string) {
  const form = registration(password);
  const result = await registerCustomer(deps, form, client());
  return { form, result };
}

async function logIn(email: string, password: string) {
  const result = await signIn(deps, { email, password }, client());
  if (!result.ok) return null;
  return result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function sessionCount(email: string) {
  const [user] = await testDb.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [row] = await testDb.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id));
  return Number(row.n);
}

// Asked the way every access check asks (app/server/accounts/session.server.ts): of the database, not of
// the session cookie's cached copy that only the account menu's display reads.
async function isSignedIn(cookie: string) {
  return Boolean(
    await deps.auth.api.getSession({ headers: new Headers({ cookie }), query: { disableCookieCache: true } }),
  );
}

describe("password rules", () => {
  it("refuses 7 characters and accepts 8", async () => {
    const short = await register("Ab3-xyz");
    expect(short.result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { password: "Password harus memiliki minimal 8 karakter." },
    });
    expect((await register("Ab3-xyzq")).result).toMatchObject({ ok: true });
  });

  it.each(["kimberly", "paradise", "bailey12", "cubswin1", "Snickers", "bismillah123", "11111111"])(
    "refuses the common password %s, naming the field",
    async (password) => {
      const { form, result } = await register(password);
      expect(result).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { password: "Password ini terlalu umum dan mudah ditebak. Gunakan kombinasi lain." },
      });
      expect(await testDb.db.select().from(users).where(eq(users.email, form.email))).toHaveLength(0);
    },
  );

  it("keeps all 128 characters: two passwords that differ only at character 100 are different passwords", async () => {
    const base = randomBytes(96).toString("base64").slice(0, 128);
    const other = `${base.slice(0, 99)}${base[99] === "x" ? "y" : "x"}${base.slice(100)}`;
    expect(base).toHaveLength(128);
    expect(other).toHaveLength(128);
    const { form, result } = await register(base);
    expect(result).toMatchObject({ ok: true });
    expect(await logIn(form.email, other)).toBeNull();
    expect(await logIn(form.email, base.slice(0, 72))).toBeNull();
    expect(await logIn(form.email, base)).toContain("session_token");
  });

  it("refuses 129 characters, naming the field", async () => {
    const { result } = await register("a1-".repeat(43));
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { password: expect.stringContaining("128") } });
  });
});

describe("ending sessions", () => {
  it("a password change ends every other session and keeps this device signed in", async () => {
    const { form } = await register("Kebun-Tomat-Jember-1");
    const phone = (await logIn(form.email, form.password))!;
    const laptop = (await logIn(form.email, form.password))!;
    // Three: the sign-up signed its own browser in too.
    expect(await sessionCount(form.email)).toBe(3);
    const result = await changePassword(
      deps,
      { id: (await deps.auth.api.getSession({ headers: new Headers({ cookie: laptop }) }))!.user.id },
      new Headers({ cookie: laptop }),
      {
        currentPassword: form.password,
        password: "Kebun-Cabai-Jember-2",
        confirmPassword: "Kebun-Cabai-Jember-2",
      },
    );
    expect(result.ok).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    // The device that changed it gets a fresh session cookie.
    const fresh = result.ok
      ? result.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ")
      : "";
    expect(await isSignedIn(fresh)).toBe(true);
    expect(await sessionCount(form.email)).toBe(1);
    expect(await logIn(form.email, form.password)).toBeNull();
  });

  it("a password change with a wrong current password changes nothing and names the field", async () => {
    const { form } = await register("Kebun-Wortel-Jember-3");
    const cookie = (await logIn(form.email, form.password))!;
    const user = (await deps.auth.api.getSession({ headers: new Headers({ cookie }) }))!.user;
    const result = await changePassword(deps, user, new Headers({ cookie }), {
      currentPassword: "salah-sekali-99",
      password: "Kebun-Baru-Jember-4",
      confirmPassword: "Kebun-Baru-Jember-4",
    });
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { currentPassword: "Password lama salah." } });
    expect(await isSignedIn(cookie)).toBe(true);
    expect(await logIn(form.email, form.password)).toContain("session_token");
  });

  it("a password reset ends every session of the account", async () => {
    const { form } = await register("Kebun-Jagung-Jember-5");
    const phone = (await logIn(form.email, form.password))!;
    mail.sent.length = 0;
    await requestPasswordReset(deps, { email: form.email }, client());
    await vi.waitFor(() => expect(mail.sent).toHaveLength(1));
    const token = new URL(mail.sent[0].link!).searchParams.get("token")!;
    const result = await resetPassword(
      deps,
      { token, password: "Kebun-Kubis-Jember-6", confirmPassword: "Kebun-Kubis-Jember-6" },
      client(),
    );
    expect(result).toEqual({ ok: true, message: ACCOUNT_TEXT.passwordChanged, next: "/login?reset=done" });
    expect(await isSignedIn(phone)).toBe(false);
    expect(await sessionCount(form.email)).toBe(0);
  });

  it("the admin can end all of a customer's sessions", async () => {
    const { form } = await register("Kebun-Terong-Jember-7");
    const a = (await logIn(form.email, form.password))!;
    const b = (await logIn(form.email, form.password))!;
    const [user] = await testDb.db.select({ id: users.id }).from(users).where(eq(users.email, form.email));
    const admin = { id: "admin-test", role: "admin" as const };
    const result = await endAllSessionsOfUser(testDb.db, admin, { userId: user.id });
    // The sign-up's own session and the two logins.
    expect(result).toMatchObject({ ok: true, message: expect.stringContaining("3 sesi") });
    expect(await isSignedIn(a)).toBe(false);
    expect(await isSignedIn(b)).toBe(false);
    // A customer cannot use the same function.
    await expect(
      endAllSessionsOfUser(testDb.db, { id: user.id, role: "customer" }, { userId: user.id }),
    ).rejects.toBeInstanceOf(Response);
  });
});

describe("no user enumeration (same answers, same work)", () => {
  it("login: an unknown e-mail and a wrong password give the same answer after one scrypt run each", async () => {
    const { form } = await register("Kebun-Salak-Jember-8");
    const ctx = await deps.auth.$context;
    const hash = vi.spyOn(ctx.password, "hash");
    const verify = vi.spyOn(ctx.password, "verify");
    const unknown = await signIn(
      deps,
      { email: `tidak.ada.${randomBytes(3).toString("hex")}@contoh.id`, password: "Tebakan-Salah-123" },
      client(),
    );
    const unknownWork = hash.mock.calls.length + verify.mock.calls.length;
    hash.mockClear();
    verify.mockClear();
    const wrong = await signIn(deps, { email: form.email, password: "Tebakan-Salah-123" }, client());
    const wrongWork = hash.mock.calls.length + verify.mock.calls.length;
    hash.mockRestore();
    verify.mockRestore();
    expect(unknown).toEqual(wrong);
    expect(unknownWork).toBe(1);
    expect(wrongWork).toBe(1);
  });

  it("password reset: a registered and an unknown e-mail get the same answer, and only the owner gets mail", async () => {
    // With mail configured the answer says it was sent; without it, it says so for both alike.
    const restoreMail = setMailConfigured(true);
    try {
      const { form } = await register("Kebun-Nanas-Jember-9");
      mail.sent.length = 0;
      const known = await requestPasswordReset(deps, { email: form.email }, client());
      const unknownEmail = `tidak.ada.${randomBytes(3).toString("hex")}@contoh.id`;
      const unknown = await requestPasswordReset(deps, { email: unknownEmail }, client());
      expect(known).toEqual({ ok: true, message: ACCOUNT_TEXT.resetMailSent, email: form.email, mailed: true });
      expect(unknown).toEqual({ ok: true, message: ACCOUNT_TEXT.resetMailSent, email: unknownEmail, mailed: true });
      await vi.waitFor(() => expect(mail.sent).toHaveLength(1));
      expect(mail.sent[0].to).toBe(form.email);
    } finally {
      restoreMail();
    }
  });
});
