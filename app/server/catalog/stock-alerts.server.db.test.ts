// 'Kabari Saya' on the engine the tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// subscribing (a visitor's address only through its confirmation mail), the trigger that marks alerts due on any rise from zero, exactly one queued
// e-mail per subscriber, the rate limits, and the signed unsubscribe link.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { products, rateLimits, stockAlerts, users, verifications } from "~/db/schema";
import { fixedClock, resetClock, setClock } from "../clock.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { clearOutbox, outboxMails } from "../../../tests/support/outbox";
import { setStock as setStockTo } from "../../../tests/support/factories";
import {
  ALERTS_PER_EMAIL_PER_HOUR,
  confirmationToken,
  confirmStockAlert,
  dispatchStockAlerts,
  forgetExpiredConfirmations,
  isSubscribed,
  stockAlertSchema,
  subscribeToStock,
  type StockAlertInput,
  unsubscribeStockAlerts,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from "./stock-alerts.server";

let testDb: TestDatabase;
let productId: string;
let otherId: string;
const visitor = (clientKey = "10.0.0.1") => ({ user: null, clientKey });
const shopper = { id: "pembeli-1", email: "Sari@Contoh.id", emailVerified: true };
const unverified = { id: "pembeli-2", email: "dodi@contoh.id", emailVerified: false };

const mails = () =>
  outboxMails(testDb.db, { dedupePrefix: "back-in-stock:" }).then((rows) =>
    rows.sort((a, b) => (a.toAddress < b.toAddress ? -1 : a.toAddress > b.toAddress ? 1 : 0)),
  );
const setStock = (id: string, stock: number) => setStockTo(testDb.db, id, stock);
const confirmationMails = (to?: string) =>
  outboxMails(testDb.db, { dedupePrefix: "stock-alert-confirm:" }).then((rows) =>
    rows.filter((m) => to === undefined || m.toAddress === to),
  );

/** The token of the newest confirmation mail to this address, read from the mail as its reader would. */
async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = (await confirmationMails(email)).sort((a, b) => +b.createdAt - +a.createdAt);
  const match = mail?.textBody.match(/\/stock-alerts\/confirm\?token=(\S+)/);
  if (!match) throw new Error(`no confirmation mail to ${email}`);
  return decodeURIComponent(match[1]);
}

/** A visitor's 'Kabari Saya' and the press on the button behind its confirmation mail. */
async function subscribeConfirmed(input: StockAlertInput & { email: string }, clientKey?: string) {
  expect(await subscribeToStock(testDb.db, visitor(clientKey), input)).toMatchObject({ ok: true, pending: true });
  expect(await confirmStockAlert(testDb.db, await tokenMailedTo(input.email))).toMatchObject({ ok: true });
}

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  await testDb.db.insert(users).values({ id: shopper.id, name: "Sari", email: "sari@contoh.id" });
  const rows = await testDb.db
    .insert(products)
    .values([
      { name: "Cabai Rawit", slug: "cabai-rawit", price: 60000, stock: 0 },
      { name: "Kangkung", slug: "kangkung", price: 3000, stock: 0 },
    ])
    .returning({ id: products.id });
  [productId, otherId] = rows.map((r) => r.id);
});

beforeEach(async () => {
  await testDb.db.delete(stockAlerts);
  await clearOutbox(testDb.db);
  await testDb.db.delete(rateLimits);
  await testDb.db.delete(verifications);
  resetClock();
  await setStock(productId, 0);
  await setStock(otherId, 0);
});

afterAll(async () => {
  await testDb?.destroy();
});

describe(`Kabari Saya (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("mails a visitor one confirmation and subscribes nothing until its button is pressed", async () => {
    const input = stockAlertSchema.parse({ productId, email: "  Budi@Contoh.ID " });
    const first = await subscribeToStock(testDb.db, visitor(), input);
    expect(first).toMatchObject({ ok: true, email: "budi@contoh.id", pending: true });
    expect(first.ok && first.message).toBe(
      "Kami mengirim email konfirmasi ke budi@contoh.id. Buka email itu dan tekan 'Aktifkan kabar stok' agar kami mengabari Anda saat Cabai Rawit tersedia lagi.",
    );
    expect(await testDb.db.select().from(stockAlerts)).toHaveLength(0);
    const [mail] = await confirmationMails("budi@contoh.id");
    expect(mail.subject).toMatch(/^Konfirmasi kabar stok Cabai Rawit di /);
    expect(mail.textBody).toContain("Aktifkan kabar stok: ");
    // Asking again gives the very same answer and sends nothing more, from any client.
    for (const key of ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
      expect(await subscribeToStock(testDb.db, visitor(key), input)).toEqual(first);
    expect(await confirmationMails()).toHaveLength(1);

    expect(await confirmStockAlert(testDb.db, await tokenMailedTo("budi@contoh.id"))).toMatchObject({
      ok: true,
      message: "Kabar stok aktif. Kami akan mengirim email ke budi@contoh.id saat Cabai Rawit tersedia lagi.",
    });
    expect((await testDb.db.select().from(stockAlerts)).map((a) => a.email)).toEqual(["budi@contoh.id"]);
    // Once it waits, asking again still sends nothing.
    expect(await subscribeToStock(testDb.db, visitor(), input)).toEqual(first);
    expect(await confirmationMails()).toHaveLength(1);
  });

  it("subscribes a signed-in shopper's verified address at once, an unverified one by confirmation", async () => {
    const signedIn = await subscribeToStock(testDb.db, { user: shopper, clientKey: "x" }, { productId });
    expect(signedIn).toMatchObject({ ok: true, email: "sari@contoh.id", pending: false });
    expect(await isSubscribed(testDb.db, shopper, productId)).toBe(true);
    expect(await isSubscribed(testDb.db, shopper, otherId)).toBe(false);
    // Another address typed by the same shopper is not theirs until proven.
    const typed = await subscribeToStock(
      testDb.db,
      { user: shopper, clientKey: "x" },
      { productId: otherId, email: "teman@contoh.id" },
    );
    expect(typed).toMatchObject({ ok: true, pending: true });
    const notVerified = await subscribeToStock(testDb.db, { user: unverified, clientKey: "y" }, { productId });
    expect(notVerified).toMatchObject({ ok: true, pending: true });
    expect((await testDb.db.select().from(stockAlerts)).map((a) => a.email)).toEqual(["sari@contoh.id"]);
    expect((await confirmationMails()).map((m) => m.toAddress).sort()).toEqual(["dodi@contoh.id", "teman@contoh.id"]);
  });

  it("ten requests at once for one address and product send one confirmation mail", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        subscribeToStock(testDb.db, visitor(`10.0.3.${i}`), { productId, email: "serbu@contoh.id" }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(ALERTS_PER_EMAIL_PER_HOUR);
    expect(await confirmationMails("serbu@contoh.id")).toHaveLength(1);
  });

  it("refuses a changed, used or expired confirmation link, and forgets unanswered requests", async () => {
    setClock(fixedClock("2026-11-25T10:00:00+07:00"));
    await subscribeToStock(testDb.db, visitor(), { productId, email: "budi@contoh.id" });
    const token = await tokenMailedTo("budi@contoh.id");
    const [id] = token.split(".");
    for (const bad of [
      `${id}.${"A".repeat(43)}`,
      confirmationToken("00000000-0000-4000-8000-000000000000"),
      "x",
      "\u0000",
    ])
      expect(await confirmStockAlert(testDb.db, bad), bad).toMatchObject({ ok: false, status: 400 });
    expect(await confirmStockAlert(testDb.db, token)).toMatchObject({ ok: true });
    expect(await confirmStockAlert(testDb.db, token)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/tidak valid atau sudah dipakai/),
    });

    await subscribeToStock(testDb.db, visitor(), { productId: otherId, email: "lambat@contoh.id" });
    const late = await tokenMailedTo("lambat@contoh.id");
    await subscribeToStock(testDb.db, visitor(), { productId: otherId, email: "lupa@contoh.id" });
    setClock(fixedClock("2026-11-28T10:00:01+07:00"));
    expect(await confirmStockAlert(testDb.db, late)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/sudah lewat 72 jam/),
    });
    expect(await forgetExpiredConfirmations(testDb.db)).toBe(1);
    expect(await testDb.db.select().from(verifications)).toHaveLength(0);
    expect((await testDb.db.select().from(stockAlerts)).map((a) => a.email)).toEqual(["budi@contoh.id"]);
    // After expiry a new request may mail again.
    await subscribeToStock(testDb.db, visitor("10.9.9.9"), { productId: otherId, email: "lupa@contoh.id" });
    expect(await confirmationMails("lupa@contoh.id")).toHaveLength(2);
  });

  it("refuses what cannot be subscribed, with Indonesian messages", async () => {
    expect(await subscribeToStock(testDb.db, visitor(), { productId })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "Email wajib diisi." },
    });
    expect(stockAlertSchema.safeParse({ productId, email: "bukan-email" }).error?.issues[0].message).toBe(
      "Format email tidak valid. Contoh: nama@email.com",
    );
    expect(stockAlertSchema.safeParse({ productId: "x", email: "a@b.id" }).success).toBe(false);
    await setStock(productId, 3);
    expect(await subscribeToStock(testDb.db, visitor(), { productId, email: "a@contoh.id" })).toMatchObject({
      ok: false,
      status: 409,
      message: "Cabai Rawit sudah tersedia. Silakan langsung pesan.",
    });
    expect(
      await subscribeToStock(testDb.db, visitor(), {
        productId: "00000000-0000-4000-8000-000000000000",
        email: "a@contoh.id",
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await testDb.db.select().from(stockAlerts)).toHaveLength(0);
  });

  it("limits how often one address can be subscribed, from any client", async () => {
    for (let i = 0; i < ALERTS_PER_EMAIL_PER_HOUR; i++) {
      const result = await subscribeToStock(testDb.db, visitor(`10.0.1.${i}`), {
        productId: i % 2 ? productId : otherId,
        email: "korban@contoh.id",
      });
      expect(result.ok).toBe(true);
    }
    const limited = await subscribeToStock(testDb.db, visitor("10.0.2.1"), { productId, email: "korban@contoh.id" });
    expect(limited).toMatchObject({ ok: false, status: 429 });
    expect(limited.ok ? "" : limited.message).toMatch(/^Terlalu banyak percobaan/);
  });

  it("mails each subscriber exactly once when the stock rises above zero, then ends the alert", async () => {
    await subscribeConfirmed({ productId, email: "budi@contoh.id" });
    await subscribeToStock(testDb.db, { user: shopper, clientKey: "x" }, { productId });
    await subscribeConfirmed({ productId: otherId, email: "budi@contoh.id" });

    // Nothing is due while the product stays out of stock.
    expect(await dispatchStockAlerts(testDb.db)).toBe(0);

    await setStock(productId, 12);
    expect(await dispatchStockAlerts(testDb.db)).toBe(2);
    const sent = await mails();
    expect(sent.map((m) => m.toAddress)).toEqual(["budi@contoh.id", "sari@contoh.id"]);
    for (const mail of sent) {
      expect(mail.subject).toMatch(/^Cabai Rawit tersedia lagi di /);
      expect(mail.textBody).toContain("/products/cabai-rawit");
      expect(mail.textBody).toContain("/stock-alerts/unsubscribe?token=");
      expect(mail.htmlBody).toContain("Berhenti menerima kabar stok");
    }
    // The alerts of that product are over; the other product's alert still waits.
    expect((await testDb.db.select().from(stockAlerts)).map((a) => a.productId)).toEqual([otherId]);

    // Down to zero and up again: no second mail.
    await setStock(productId, 0);
    await setStock(productId, 4);
    expect(await dispatchStockAlerts(testDb.db)).toBe(0);
    expect(await mails()).toHaveLength(2);
  });

  it("does not fire on a sale's decrement, and holds an alert whose product is sold out again before sending", async () => {
    await setStock(productId, 10);
    await testDb.db.insert(stockAlerts).values({ productId, email: "lama@contoh.id" });
    await setStock(productId, 9);
    expect(await dispatchStockAlerts(testDb.db)).toBe(0);

    await setStock(otherId, 0);
    await subscribeConfirmed({ productId: otherId, email: "tunggu@contoh.id" });
    await setStock(otherId, 2);
    await setStock(otherId, 0);
    expect(await dispatchStockAlerts(testDb.db)).toBe(0);
    const [held] = await testDb.db.select().from(stockAlerts).where(eq(stockAlerts.productId, otherId));
    expect(held.dueAt).toBeNull();
    await setStock(otherId, 5);
    expect(await dispatchStockAlerts(testDb.db)).toBe(1);
  });

  it("stops every alert of an address through its signed link, and refuses a forged one", async () => {
    await subscribeConfirmed({ productId, email: "budi@contoh.id" });
    await subscribeConfirmed({ productId: otherId, email: "budi@contoh.id" });
    await subscribeConfirmed({ productId, email: "ani@contoh.id" });

    const token = unsubscribeToken("budi@contoh.id");
    expect(verifyUnsubscribeToken(token)).toBe("budi@contoh.id");
    const forged = `${Buffer.from("ani@contoh.id").toString("base64url")}.${token.split(".")[1]}`;
    expect(verifyUnsubscribeToken(forged)).toBeNull();
    expect(await unsubscribeStockAlerts(testDb.db, forged)).toMatchObject({ ok: false, status: 400 });
    expect(await unsubscribeStockAlerts(testDb.db, "omong-kosong")).toMatchObject({ ok: false, status: 400 });

    expect(await unsubscribeStockAlerts(testDb.db, token)).toMatchObject({ ok: true });
    expect((await testDb.db.select().from(stockAlerts)).map((a) => a.email)).toEqual(["ani@contoh.id"]);
    // Again: the same answer, whether or not anything was left.
    expect(await unsubscribeStockAlerts(testDb.db, token)).toMatchObject({ ok: true });
  });
});
