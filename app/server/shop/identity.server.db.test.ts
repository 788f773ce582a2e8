// 'Identitas Toko': the environment's identity until the owner saves one, then the saved one
// everywhere (pages, mails, chat links), with the catalog pages' version turned over.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { whatsappHref } from "~/lib/shop";
import { config } from "../config.server";
import { composeMail } from "../notifications/templates/email/compose";
import { saveShopSetting } from "../settings.server";
import { currentShop, forgetShopIdentity, loadShopIdentity } from "./identity.server";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  forgetShopIdentity();
});
afterAll(async () => {
  await testDb?.destroy();
});

const catalogVersion = async () => {
  const result = await testDb.db.execute(sql`select version from catalog_state where id = 1`);
  const rows = ((result as { rows?: { version: number }[] }).rows ?? result) as { version: number }[];
  return Number(rows[0].version);
};

const identity = {
  name: "Toko Sayur Bu Sari",
  whatsapp: "0812 3333 4444",
  phone: "0331-123456",
  email: "halo@tokosari.id",
  address: "Jl. Kalimantan 10, Jember",
  openingHours: [{ days: "Setiap hari", hours: "06:00 - 18:00" }],
  serviceArea: "Jember kota",
  heroLine: "Sayur pagi dari kebun Bu Sari",
};

describe("the shop's identity", () => {
  it("is the environment's until saved, then the saved one on pages, mails and chat links", async () => {
    expect((await loadShopIdentity(testDb.db)).name).toBe(config().shop.name);
    const owner = await createUser(testDb.db, { role: "admin" });
    const before = await catalogVersion();
    const saved = await saveShopSetting(testDb.db, owner, "shopIdentity", identity, { expectedRevision: 0 });
    expect(saved).toMatchObject({ ok: true, changed: true });
    const shop = await loadShopIdentity(testDb.db);
    expect(shop).toMatchObject({ name: "Toko Sayur Bu Sari", whatsapp: "6281233334444", street: identity.address });
    expect(whatsappHref(shop.whatsapp)).toBe("https://wa.me/6281233334444");
    // Mails composed in this process sign with the new name at once.
    expect(composeMail({ to: "a@contoh.id", subject: "Uji", paragraphs: ["Halo"] }).text).toContain(
      "Toko Sayur Bu Sari",
    );
    expect(currentShop().name).toBe("Toko Sayur Bu Sari");
    // Catalog pages (and their ETags) are made again on every process's next view.
    expect(await catalogVersion()).toBeGreaterThan(before);
  });

  it("refuses a WhatsApp number that is not an Indonesian one, next to its field", async () => {
    const owner = await createUser(testDb.db, { role: "admin" });
    const refused = await saveShopSetting(
      testDb.db,
      owner,
      "shopIdentity",
      { ...identity, whatsapp: "12345" },
      { expectedRevision: 1 },
    );
    expect(refused).toMatchObject({ ok: false, status: 400, fieldErrors: { whatsapp: expect.stringContaining("62") } });
  });
});
