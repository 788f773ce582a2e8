// Nothing says "dikirim" unless a channel took the message. Without SMTP_URL every mail only
// waits in the outbox: the owner's invitation answers with the link to hand over by WhatsApp,
// the final bill's history line and answer say it was made (and to send it by WhatsApp), the
// account pages say no mail is coming, and the admin panel says e-mail is off. With SMTP_URL
// the same actions say the mail went. A bill is never made final while a sample bank account
// is switched on.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { orderChanges, orders, users } from "~/db/schema";
import { ACCOUNT_TEXT } from "~/lib/account-rules";
import { parseCheckout } from "~/lib/checkout";
import { SAMPLE_BANK_ACCOUNT_REFUSAL } from "~/lib/payment-settings";
import * as adminLayout from "~/routes/admin.layout";
import * as teamRoute from "~/routes/admin.team";
import { loader as rootLoader } from "~/root";
import {
  accountDeps,
  FORGOT_FORM,
  REGISTER_FORM,
  registerCustomer,
  requestPasswordReset,
  resendVerificationEmail,
  RESET_FORM,
  resetPassword,
  type AccountDeps,
} from "~/server/accounts/customer.server";
import { setDeliveryFee } from "~/server/orders/fee.server";
import type * as MailModule from "~/server/notifications/mail-transport.server";
import { editOrder, FINAL_BILL_MADE, FINAL_BILL_MAILED } from "~/server/orders/edits.server";
import { placeOrder } from "~/server/orders/placing.server";
import { inviteStaff } from "~/server/accounts/team.server";
import {
  configureBankAccount,
  createProduct,
  createUser,
  nextDelivery,
  signIn,
  type TestUser,
} from "../support/factories";
import { viaForm } from "../support/forms";
import { setMailConfigured } from "../support/mail";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

// Nothing leaves the test, configured or not.
vi.mock("~/server/notifications/mail-transport.server", async (importOriginal) => ({
  ...(await importOriginal<typeof MailModule>()),
  sendMail: vi.fn(async () => {}),
}));

const SENT = /dikirim|terkirim ke|cek email/i;

let testDb: TestDatabase;
let deps: AccountDeps;
let owner: TestUser;
let customer: TestUser;
let ownerCookie: string;
let restoreMail: (() => void) | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  deps = await accountDeps(testDb.db);
  owner = await createUser(testDb.db, { role: "admin", name: "Bu Pemilik" });
  customer = await createUser(testDb.db, { name: "Siti Aminah" });
  ownerCookie = await signIn(testDb.db, owner);
});

afterEach(() => {
  restoreMail?.();
  restoreMail = undefined;
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

const mailOff = () => (restoreMail = setMailConfigured(false));
const mailOn = () => (restoreMail = setMailConfigured(true));
let clients = 0;
const client = () => ({ key: `honest-${++clients}` });

async function billableOrder() {
  const product = await createProduct(testDb.db, { name: `Wortel Jujur ${++clients}`, price: 10000, stock: 50 });
  const input = parseCheckout({
    name: "Siti Aminah",
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Jember",
    // The earliest delivery still open now: a fixed "tomorrow morning" is closed after its
    // 21:00 cut-off, and the suite must pass at any hour.
    ...nextDelivery(),
    lines: [{ productId: product.id, quantity: 2 }],
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}-jujur`,
  });
  if (!input.success) throw new Error(JSON.stringify(input.fieldErrors));
  const placed = await placeOrder(testDb.db, customer, input.data);
  if (!placed.ok) throw new Error(placed.message);
  await setDeliveryFee(testDb.db, owner, { orderId: placed.order.id, deliveryFee: 5000, version: 1 });
  return placed.order.id;
}

const finalize = (orderId: string) => editOrder(testDb.db, owner, orderId, { intent: "finalize", version: 2 });

async function changeLines(orderId: string) {
  const rows = await testDb.db.select().from(orderChanges).where(eq(orderChanges.orderId, orderId));
  return rows.map((r) => r.description);
}

describe("without SMTP_URL nothing claims to be sent", () => {
  it("'Tim': the invitation waits, the owner gets its link once, and the link works", async () => {
    mailOff();
    const result = await inviteStaff(testDb.db, owner, { name: "Rina", email: "rina.jujur@contoh.id" }, deps.auth);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message).toContain("E-mail belum aktif: undangan untuk rina.jujur@contoh.id tersimpan");
    expect(result.message).toContain("lewat WhatsApp");
    expect(result.message).not.toMatch(SENT);
    const token = new URL(result.inviteLink!).searchParams.get("token")!;
    const accepted = await viaForm(
      RESET_FORM,
      { token, password: "Undangan-Via-WA-2026", confirmPassword: "Undangan-Via-WA-2026" },
      (input) => resetPassword(deps, input, client()),
    );
    expect(accepted).toMatchObject({ ok: true, message: expect.stringContaining("undangan diterima") });
    const [rina] = await testDb.db.select().from(users).where(eq(users.email, "rina.jujur@contoh.id"));
    expect(rina.role).toBe("staff");
  });

  it("'Tim' page: the answer stays on the page with the link (no flash saying it was sent)", async () => {
    mailOff();
    const posted = await callAction(
      teamRoute.action,
      "/admin/team",
      form({ intent: "invite", name: "Dodi", email: "dodi.jujur@contoh.id" }),
      { cookie: ownerCookie },
    );
    expect(posted.status).toBe(200);
    expect(posted.data).toMatchObject({ ok: true, inviteLink: expect.stringContaining("/reset-password?token=") });
    expect((posted.data as { message: string }).message).not.toMatch(SENT);
    const page = await callLoader(teamRoute.loader, "/admin/team", { cookie: ownerCookie });
    expect(page.data).toMatchObject({ mailReady: false });
  });

  it("the admin panel and the shop know e-mail is off (the banner's and the account pages' switch)", async () => {
    mailOff();
    const layout = await callLoader(adminLayout.loader, "/admin/dashboard", { cookie: ownerCookie });
    expect(layout.data).toMatchObject({ mailReady: false });
    expect(await callLoader(rootLoader, "/")).toMatchObject({ data: { mailReady: false } });
    mailOn();
    expect((await callLoader(adminLayout.loader, "/admin/dashboard", { cookie: ownerCookie })).data).toMatchObject({
      mailReady: true,
    });
  });

  it("'Tagihan Final': the history says it was made, the answer says to send it by WhatsApp", async () => {
    mailOff();
    const orderId = await billableOrder();
    const done = await finalize(orderId);
    expect(done).toMatchObject({ ok: true, message: expect.stringContaining("kirim lewat WhatsApp") });
    expect(done.message).not.toMatch(/dikirim/);
    expect(await changeLines(orderId)).toContain(FINAL_BILL_MADE);
    expect((await changeLines(orderId)).join("\n")).not.toMatch(/dikirim/);
  });

  it("registration, 'Lupa Password' and 'Kirim ulang email verifikasi' say no mail is coming", async () => {
    mailOff();
    const registered = await viaForm(
      REGISTER_FORM,
      {
        name: "Budi Jujur",
        email: "budi.jujur@contoh.id",
        phone: "081234567899",
        address: "Jl. Mastrip No. 5, Jember",
        password: "Sayur-Segar-Jujur-2026",
        confirmPassword: "Sayur-Segar-Jujur-2026",
        terms: "on",
      },
      (input) => registerCustomer(deps, input, client()),
    );
    expect(registered).toMatchObject({ ok: true, message: ACCOUNT_TEXT.registerSuccessNoMail });
    expect((registered as { message: string }).message).not.toMatch(SENT);

    const reset = await viaForm(FORGOT_FORM, { email: "budi.jujur@contoh.id" }, (input) =>
      requestPasswordReset(deps, input, client()),
    );
    expect(reset).toMatchObject({ ok: true, mailed: false, message: ACCOUNT_TEXT.resetMailOff });
    expect((reset as { message: string }).message).not.toMatch(SENT);

    const [budi] = await testDb.db.select().from(users).where(eq(users.email, "budi.jujur@contoh.id"));
    const resend = await resendVerificationEmail(deps, budi, new Headers());
    expect(resend).toEqual({ ok: true, message: ACCOUNT_TEXT.verifyMailOff });
  });
});

describe("with SMTP_URL the same actions say the mail went", () => {
  it("invitation, final bill and registration", async () => {
    mailOn();
    const invited = await inviteStaff(testDb.db, owner, { name: "Sari", email: "sari.jujur@contoh.id" }, deps.auth);
    expect(invited).toMatchObject({ ok: true, message: expect.stringContaining("Undangan dikirim ke sari.jujur@") });
    expect(invited).not.toHaveProperty("inviteLink");

    const orderId = await billableOrder();
    expect(await finalize(orderId)).toMatchObject({ ok: true, message: expect.stringContaining("E-mail tagihan") });
    expect(await changeLines(orderId)).toContain(FINAL_BILL_MAILED);

    const registered = await viaForm(
      REGISTER_FORM,
      {
        name: "Tono Jujur",
        email: "tono.jujur@contoh.id",
        phone: "081234567898",
        address: "Jl. Mastrip No. 6, Jember",
        password: "Sayur-Segar-Jujur-2026",
        confirmPassword: "Sayur-Segar-Jujur-2026",
        terms: "on",
      },
      (input) => registerCustomer(deps, input, client()),
    );
    expect(registered).toMatchObject({ ok: true, message: ACCOUNT_TEXT.registerSuccess });
  });
});

describe("a sample bank account", () => {
  it("refuses 'Tagihan Final' with a clear message and changes nothing until a real account is entered", async () => {
    await configureBankAccount(testDb.db, {
      bank: "BRI",
      number: "0123-01-000123-50-1",
      holder: "Sayur Jember (contoh, ganti di Pengaturan)",
    });
    const orderId = await billableOrder();
    const refused = await finalize(orderId);
    expect(refused).toMatchObject({ ok: false, status: 409, message: SAMPLE_BANK_ACCOUNT_REFUSAL });
    const [row] = await testDb.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ billFinalAt: null, version: 2 });

    await configureBankAccount(testDb.db);
    expect(await finalize(orderId)).toMatchObject({ ok: true });
  });
});
