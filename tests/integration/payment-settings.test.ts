// 'Metode Pembayaran' on 'Pengaturan Toko': a fresh shop takes cash on delivery only, with no
// bank account until the owner enters the shop's own; staff change accounts and switches through the page's action; bad
// values are refused in Indonesian with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as settingsRoute from "~/routes/admin.settings";
import { readShopSettings } from "~/server/settings.server";
import { DEFAULT_PAYMENT_METHODS } from "~/lib/payment-settings";
import { createUser, signIn } from "../support/factories";
import { callAction, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let cookie: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  cookie = await signIn(testDb.db, await createUser(testDb.db, { role: "admin", name: "Bu Ratna" }));
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

/** Posts 'Metode Pembayaran' as its page does, with the revision it shows. */
const post = async (fields: Record<string, string>) => {
  const revision = String((await readShopSettings(testDb.db)).revisions.paymentMethods);
  return callAction(
    settingsRoute.action,
    "/admin/settings",
    form({ intent: "metode-pembayaran", revision, ...fields }),
    { cookie },
  );
};

describe("Metode Pembayaran", () => {
  it("starts with only 'Bayar di Tempat (COD)' switched on and no bank account", async () => {
    expect((await readShopSettings(testDb.db)).values.paymentMethods).toEqual(DEFAULT_PAYMENT_METHODS);
    expect(DEFAULT_PAYMENT_METHODS.bankTransfer).toEqual({ active: false, accounts: [] });
    expect(DEFAULT_PAYMENT_METHODS.cod.active).toBe(true);
  });

  it("saves accounts (an emptied row removes one) and the switches", async () => {
    const result = await post({
      bankTransfer: "on",
      "account.0.bank": "BCA",
      "account.0.number": "123 456 7890",
      "account.0.holder": "Toko Sayur Jember",
      "account.1.bank": "",
      "account.1.number": "",
      "account.1.holder": "",
    });
    expect(result.status).toBe(303);
    expect((await readShopSettings(testDb.db)).values.paymentMethods).toEqual({
      qris: { active: false, imageUrl: null, payload: null },
      bankTransfer: { active: true, accounts: [{ bank: "BCA", number: "123 456 7890", holder: "Toko Sayur Jember" }] },
      cod: { active: false },
      uniqueCode: "added",
    });
  });

  it("refuses every method off, or a bad account number, and keeps what was stored", async () => {
    const before = (await readShopSettings(testDb.db)).values.paymentMethods;
    const none = await post({ "account.0.bank": "BCA", "account.0.number": "1234567890", "account.0.holder": "X" });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.data)).toContain("Aktifkan minimal satu metode pembayaran.");
    const bad = await post({
      bankTransfer: "on",
      "account.0.bank": "BCA",
      "account.0.number": "rekening saya",
      "account.0.holder": "X",
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("Nomor Rekening hanya angka");
    expect((await readShopSettings(testDb.db)).values.paymentMethods).toEqual(before);
  });
});
