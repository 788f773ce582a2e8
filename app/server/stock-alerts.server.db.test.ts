// 'Kabari Saya' on the engine the tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// subscribing, the trigger that marks alerts due on any rise from zero, exactly one queued
// e-mail per subscriber, the rate limits, and the signed unsubscribe link.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, like } from "drizzle-orm";
import { mailQueue, products, rateLimits, stockAlerts, users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { setStock as setStockTo } from "../../tests/support/factories";
import {
  ALERTS_PER_EMAIL_PER_HOUR,
  dispatchStockAlerts,
  isSubscribed,
  stockAlertSchema,
  subscribeToStock,
  unsubscribeStockAlerts,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from "./stock-alerts.server";

let testDb: TestDatabase;
let productId: string;
let otherId: string;
const visitor = (clientKey = "10.0.0.1") => ({ user: null, clientKey });
const shopper = { id: "pembeli-1", email: "Sari@Contoh.id" };

const mails = () =>
  testDb.db.select().from(mailQueue).where(like(mailQueue.dedupeKey, "back-in-stock:%")).orderBy(mailQueue.toAddress);
const setStock = (id: string, stock: number) => setStockTo(testDb.db, id, stock);

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
  await testDb.db.delete(mailQueue);
  await testDb.db.delete(rateLimits);
  await setStock(productId, 0);
  await setStock(otherId, 0);
});

afterAll(async () => {
  await testDb?.destroy();
});

describe(`Kabari Saya (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("subscribes a visitor by e-mail and a signed-in shopper by the account, answering alike", async () => {
    const input = stockAlertSchema.parse({ productId, email: "  Budi@Contoh.ID " });
    const first = await subscribeToStock(testDb.db, visitor(), input);
    expect(first).toMatchObject({ ok: true, email: "budi@contoh.id" });
    expect(first.ok && first.message).toBe(
      "Kami akan mengirim email ke budi@contoh.id saat Cabai Rawit tersedia lagi.",
    );
    // Asking again gives the very same answer: nothing tells whether the address was known.
    expect(await subscribeToStock(testDb.db, visitor(), input)).toEqual(first);

    const signedIn = await subscribeToStock(testDb.db, { user: shopper, clientKey: "x" }, { productId });
    expect(signedIn).toMatchObject({ ok: true, email: "sari@contoh.id" });
    expect(await isSubscribed(testDb.db, shopper, productId)).toBe(true);
    expect(await isSubscribed(testDb.db, shopper, otherId)).toBe(false);
    expect(await testDb.db.select().from(stockAlerts)).toHaveLength(2);
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
    await subscribeToStock(testDb.db, visitor(), { productId, email: "budi@contoh.id" });
    await subscribeToStock(testDb.db, { user: shopper, clientKey: "x" }, { productId });
    await subscribeToStock(testDb.db, visitor(), { productId: otherId, email: "budi@contoh.id" });

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
    await subscribeToStock(testDb.db, visitor(), { productId: otherId, email: "tunggu@contoh.id" });
    await setStock(otherId, 2);
    await setStock(otherId, 0);
    expect(await dispatchStockAlerts(testDb.db)).toBe(0);
    const [held] = await testDb.db.select().from(stockAlerts).where(eq(stockAlerts.productId, otherId));
    expect(held.dueAt).toBeNull();
    await setStock(otherId, 5);
    expect(await dispatchStockAlerts(testDb.db)).toBe(1);
  });

  it("stops every alert of an address through its signed link, and refuses a forged one", async () => {
    await subscribeToStock(testDb.db, visitor(), { productId, email: "budi@contoh.id" });
    await subscribeToStock(testDb.db, visitor(), { productId: otherId, email: "budi@contoh.id" });
    await subscribeToStock(testDb.db, visitor(), { productId, email: "ani@contoh.id" });

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
