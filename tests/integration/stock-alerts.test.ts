// 'Kabari Saya' through its routes: the form's answers for a visitor and a signed-in shopper,
// the personal status endpoint, the confirmation page and the unsubscribe page.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, stockAlerts, users } from "~/db/schema";
import { outboxMails } from "../support/outbox";
import * as statusRoute from "~/routes/api.stock-alerts";
import * as alertsRoute from "~/routes/stock-alerts";
import * as confirmRoute from "~/routes/stock-alerts.confirm";
import * as unsubscribeRoute from "~/routes/stock-alerts.unsubscribe";
import { unsubscribeToken } from "~/server/catalog/stock-alerts.server";
import { createUser, signIn } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let productId: string;
let cookie: string;
let email: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  const user = await createUser(testDb.db);
  // A verified address: signed in, the shopper subscribes with one press.
  await testDb.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  email = user.email;
  cookie = await signIn(testDb.db, user);
  const [kemangi] = await testDb.db.select().from(products).where(eq(products.slug, "kemangi"));
  expect(kemangi.stock).toBe(0);
  productId = kemangi.id;
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

describe("/stock-alerts", () => {
  it("mails a visitor one confirmation, answers a bad address with a field message, and subscribes on the link's button", async () => {
    const bad = await callAction(alertsRoute.action, "/stock-alerts", form({ productId, email: "budi@" }));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      ok: false,
      fieldErrors: { email: "Format email tidak valid. Contoh: nama@email.com" },
    });
    const ok = await callAction(alertsRoute.action, "/stock-alerts", form({ productId, email: "budi@contoh.id" }));
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ ok: true, pending: true, product: { slug: "kemangi" } });
    const again = await callAction(alertsRoute.action, "/stock-alerts", form({ productId, email: "budi@contoh.id" }));
    expect(again.data).toEqual(ok.data);
    const budi = () => testDb.db.select().from(stockAlerts).where(eq(stockAlerts.email, "budi@contoh.id"));
    expect(await budi()).toHaveLength(0);

    const mails = await outboxMails(testDb.db, { dedupePrefix: "stock-alert-confirm:" });
    expect(mails.map((m) => m.toAddress)).toEqual(["budi@contoh.id"]);
    const link = new URL(mails[0].textBody.match(/https?:\/\/\S+\/stock-alerts\/confirm\?token=\S+/)![0]);
    const token = link.searchParams.get("token")!;
    // Opening the link only asks: mail scanners open links too.
    const page = await callLoader(confirmRoute.loader, `${link.pathname}${link.search}`);
    expect(page.data).toEqual({ token, valid: true });
    expect(await budi()).toHaveLength(0);
    const forged = await callLoader(confirmRoute.loader, "/stock-alerts/confirm?token=abc.def");
    expect(forged.data).toEqual({ token: "", valid: false });

    const done = await callAction(confirmRoute.action, "/stock-alerts/confirm", form({ token }));
    expect(done.data).toMatchObject({ ok: true, message: expect.stringContaining("Kabar stok aktif") });
    expect(await budi()).toHaveLength(1);
    const used = await callAction(confirmRoute.action, "/stock-alerts/confirm", form({ token }));
    expect(used.status).toBe(400);
    expect(used.data).toMatchObject({ ok: false, message: expect.stringContaining("sudah dipakai") });
  });

  it("subscribes a signed-in shopper with the account's e-mail, which the status endpoint then reports", async () => {
    const before = await callLoader(statusRoute.loader, `/api/stock-alerts?productId=${productId}`, { cookie });
    expect(JSON.parse(before.data as string)).toEqual({ signedIn: true, subscribed: false });
    expect(before.response?.headers.get("cache-control")).toBe("private, no-store");

    const ok = await callAction(alertsRoute.action, "/stock-alerts", form({ productId }), { cookie });
    expect(ok.data).toMatchObject({ ok: true, email, pending: false });
    const after = await callLoader(statusRoute.loader, `/api/stock-alerts?productId=${productId}`, { cookie });
    expect(JSON.parse(after.data as string)).toEqual({ signedIn: true, subscribed: true });
    const anonymous = await callLoader(statusRoute.loader, `/api/stock-alerts?productId=${productId}`);
    expect(JSON.parse(anonymous.data as string)).toEqual({ signedIn: false, subscribed: false });
  });
});

describe("/stock-alerts/unsubscribe", () => {
  it("asks first, then stops the address's alerts; a forged link is refused", async () => {
    const token = unsubscribeToken("budi@contoh.id");
    const page = await callLoader(unsubscribeRoute.loader, `/stock-alerts/unsubscribe?token=${token}`);
    expect(page.data).toEqual({ token, valid: true });
    const forged = await callLoader(unsubscribeRoute.loader, "/stock-alerts/unsubscribe?token=abc.def");
    expect(forged.data).toMatchObject({ valid: false });

    const done = await callAction(unsubscribeRoute.action, "/stock-alerts/unsubscribe", form({ token }));
    expect(done.data).toMatchObject({ ok: true, message: expect.stringContaining("berhenti menerima kabar stok") });
    const refused = await callAction(unsubscribeRoute.action, "/stock-alerts/unsubscribe", form({ token: "abc.def" }));
    expect(refused.status).toBe(400);
  });
});
