// 'Tim' invitations on a real database: an account registered in advance with the invited
// address stays a customer (its sessions get no staff access) until the address is proven,
// by the invitation's own link or by a verification link issued after the invitation.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { createUser, signIn as signInCookie } from "../../../tests/support/factories";
import { sessions, users } from "~/db/schema";
import { outboxMails } from "../../../tests/support/outbox";
import { setMailConfigured } from "../../../tests/support/mail";
import { isOwnerRole } from "~/lib/roles";
import { ACCOUNT_TEXT } from "~/lib/account-rules";
import { resetPassword, signIn, verifyEmail, type AccountDeps } from "./customer.server";
import { createOrPromoteAdmin } from "./staff.server";
import { createAuth } from "./auth.server";
import type * as MailModule from "../notifications/mail-transport.server";
import { sendMail } from "../notifications/mail-transport.server";
import { actOnTeam, inviteStaff, listTeam, listTeamInvitations } from "./team.server";

vi.mock("../notifications/mail-transport.server", async (importOriginal) => ({
  ...(await importOriginal<typeof MailModule>()),
  sendMail: vi.fn(async () => {}),
}));

let testDb: TestDatabase;
let deps: AccountDeps;
let owner: { id: string; role: "admin"; name: string };
const client = () => ({ key: `team-test-${Math.random()}` });

// sendMail is mocked above; the channel counts as configured (the owner's answer without it
// is in tests/integration/honest-messages.test.ts).
let restoreMail: () => void;
beforeAll(async () => {
  restoreMail = setMailConfigured(true);
  testDb = await createTestDatabase({ seed: false });
  deps = { db: testDb.db, auth: createAuth(testDb.db) };
  const created = await createUser(testDb.db, { role: "admin", name: "Bu Pemilik" });
  owner = { id: created.id, role: "admin", name: created.name };
});
afterAll(async () => {
  restoreMail?.();
  await testDb?.destroy();
});
beforeEach(() => {
  vi.mocked(sendMail).mockClear();
});

async function roleOf(userId: string) {
  const [row] = await testDb.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row.role;
}

/** The Cookie header a browser sends after these Set-Cookie lines. */
function cookieOf(setCookie: Headers): string {
  return setCookie
    .getSetCookie()
    .map((c) => c.split(";", 1)[0])
    .join("; ");
}

/** What a request with this cookie is, as the admin guard asks it. */
async function sessionRole(cookie: string): Promise<string | null> {
  const session = await deps.auth.api.getSession({
    headers: new Headers({ cookie }),
    query: { disableCookieCache: true },
  });
  return session ? String((session.user as { role?: string }).role) : null;
}

async function invitationMailTo(email: string) {
  const [mail] = (await outboxMails(testDb.db, { to: email })).reverse();
  const token = /reset-password\?token=([\w-]+)/.exec(mail.textBody)?.[1];
  return { mail, token: token ? decodeURIComponent(token) : undefined };
}

const NEW_PASSWORD = "Undangan-Diterima-2026";

describe("staff invitations", () => {
  it("a pre-registered account stays a customer, its session gets no staff access, until the link is used", async () => {
    const squatter = await createUser(testDb.db, { name: "Penyusup", email: "rina.calon@contoh.id" });
    const squatterCookie = await signInCookie(testDb.db, squatter);

    const result = await inviteStaff(testDb.db, owner, { name: "Rina", email: "rina.calon@contoh.id" }, deps.auth);
    expect(result.ok).toBe(true);
    expect(await roleOf(squatter.id)).toBe("customer");
    expect(await sessionRole(squatterCookie)).toBe("customer");
    // Signing in again with the pre-registered password gives no staff either.
    const again = await signIn(deps, { email: squatter.email, password: squatter.password }, client());
    expect(again.ok && again.user.role).toBe("customer");
    expect((await listTeam(testDb.db, owner)).map((m) => m.email)).not.toContain(squatter.email);
    expect((await listTeamInvitations(testDb.db, owner)).map((i) => i.email)).toEqual([squatter.email]);

    // The mail says what the link does for an account that exists: it accepts, replacing the password.
    const { mail, token } = await invitationMailTo(squatter.email);
    expect(mail.textBody).toContain("Terima Undangan");
    expect(mail.textBody).toContain("membuat password baru untuk akun ini");
    expect(mail.textBody).not.toContain("Buat Password & Bergabung");
    expect(token).toBeTruthy();

    // Whoever holds the address opens it: the account becomes staff, every older session and the old password end.
    const accepted = await resetPassword(
      deps,
      { token: token!, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      client(),
    );
    // The holder is signed in as staff at once and goes to the panel; older sessions end.
    expect(accepted).toMatchObject({
      ok: true,
      message: ACCOUNT_TEXT.invitationAcceptedSignedIn,
      next: "/admin/dashboard",
    });
    expect(await roleOf(squatter.id)).toBe("staff");
    expect(await sessionRole(squatterCookie)).toBeNull();
    const holderCookie = accepted.ok ? cookieOf(accepted.headers!) : "";
    expect(await sessionRole(holderCookie)).toBe("staff");
    const old = await signIn(deps, { email: squatter.email, password: squatter.password }, client());
    expect(old.ok).toBe(false);
    const fresh = await signIn(deps, { email: squatter.email, password: NEW_PASSWORD }, client());
    expect(fresh.ok && fresh.user.role).toBe("staff");
    expect(await listTeamInvitations(testDb.db, owner)).toEqual([]);
  });

  it("a new address gets an account that becomes staff only through the mailed link", async () => {
    const result = await inviteStaff(testDb.db, owner, { name: "Dodi Baru", email: "dodi.baru@contoh.id" }, deps.auth);
    expect(result).toMatchObject({
      ok: true,
      message: expect.stringContaining("Undangan dikirim ke dodi.baru@contoh.id"),
    });
    const [created] = await testDb.db.select().from(users).where(eq(users.email, "dodi.baru@contoh.id"));
    expect(created.role).toBe("customer");
    const { mail, token } = await invitationMailTo("dodi.baru@contoh.id");
    expect(mail.textBody).toContain("Buat Password & Bergabung");
    expect(mail.textBody).toContain("membuat password Anda");
    await resetPassword(deps, { token: token!, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, client());
    expect(await roleOf(created.id)).toBe("staff");
  });

  it("a verification link issued after the invitation accepts it; one issued before does not", async () => {
    const email = "sari.verif@contoh.id";
    const account = await createUser(testDb.db, { name: "Sari", email });
    // The verification mail of the sign-up, sent before the invitation.
    const early = vi.mocked(sendMail).mock.calls.find(([m]) => m.to === email)?.[0].link;
    expect(early).toMatch(/verify-email\?token=/);
    // Tokens carry their issue time in whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await inviteStaff(testDb.db, owner, { name: "Sari", email }, deps.auth);
    vi.mocked(sendMail).mockClear();

    const earlyToken = decodeURIComponent(new URL(early!).searchParams.get("token")!);
    expect(await verifyEmail(deps, earlyToken)).toEqual({ ok: true });
    expect(await roleOf(account.id)).toBe("customer");

    // Verified already, so a second link would flip nothing: start from an unverified account again.
    await testDb.db.update(users).set({ emailVerified: false }).where(eq(users.id, account.id));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await deps.auth.api.sendVerificationEmail({ body: { email } });
    const late = vi.mocked(sendMail).mock.calls.find(([m]) => m.to === email)?.[0].link;
    const lateToken = decodeURIComponent(new URL(late!).searchParams.get("token")!);
    const cookie = await signInCookie(testDb.db, account);
    expect(await verifyEmail(deps, lateToken)).toEqual({ ok: true });
    expect(await roleOf(account.id)).toBe("staff");
    // Sessions opened before the proof do not carry over into staff access.
    expect(await sessionRole(cookie)).toBeNull();
  });

  it("a withdrawn invitation's link only sets the password; the account stays a customer", async () => {
    const email = "batal.undang@contoh.id";
    const account = await createUser(testDb.db, { name: "Batal", email });
    await inviteStaff(testDb.db, owner, { name: "Batal", email }, deps.auth);
    const { token } = await invitationMailTo(email);
    const withdrawn = await actOnTeam(testDb.db, owner, { intent: "remove", userId: account.id });
    expect(withdrawn).toMatchObject({ ok: true, message: expect.stringContaining("Undangan dibatalkan") });
    await resetPassword(deps, { token: token!, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, client());
    expect(await roleOf(account.id)).toBe("customer");
  });

  it("removing a staff member ends every session; the owner is never demoted by an invitation", async () => {
    const staff = await createUser(testDb.db, { role: "staff", name: "Staf Lama" });
    await signInCookie(testDb.db, staff);
    const removed = await actOnTeam(testDb.db, owner, { intent: "remove", userId: staff.id });
    expect(removed).toMatchObject({ ok: true, message: "Staf Lama dihapus dari tim; 1 sesi diakhiri." });
    expect(await testDb.db.$count(sessions, eq(sessions.userId, staff.id))).toBe(0);

    const ownerRow = await testDb.db.select().from(users).where(eq(users.id, owner.id));
    const refused = await inviteStaff(testDb.db, owner, { name: "Pemilik", email: ownerRow[0].email }, deps.auth);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(isOwnerRole(await roleOf(owner.id))).toBe(true);
  });

  it("admin:create still creates and promotes directly", async () => {
    const made = await createOrPromoteAdmin(
      testDb.db,
      { email: "staf.cli@contoh.id", password: "Staf-Dari-Terminal-2026", role: "staff" },
      deps.auth,
    );
    expect(made.status).toBe(201);
    const login = await signIn(deps, { email: "staf.cli@contoh.id", password: "Staf-Dari-Terminal-2026" }, client());
    expect(login.ok && login.user.role).toBe("staff");
  });
});
