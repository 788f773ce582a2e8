// 'Stok Menipis' on the embedded database (or PostgreSQL with TEST_DATABASE_URL): which
// products count as low, and the daily digest to the shop's address, queued once per Jakarta
// day however many processes (or workers) look, and sent by the mail worker's chore.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { createProduct, createUser, setStock } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { clearOutbox, outboxMails } from "../../../tests/support/outbox";
import type { AdminActor } from "../accounts/actor.server";
import { fixedClock, resetClock, setClock } from "../clock.server";
import { config } from "../config.server";
import { listLowStock, lowStockDigestChore, lowStockDigestKey, queueLowStockDigest } from "./low-stock.server";
import { startOutboxWorker, stopOutboxWorker } from "../notifications/outbox.server";

let testDb: TestDatabase;
let staff: AdminActor;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  staff = await createUser(testDb.db, { role: "staff" });
});

afterAll(async () => {
  await testDb?.destroy();
});

beforeEach(async () => {
  await clearOutbox(testDb.db);
  await testDb.db.delete(products);
});

afterEach(() => {
  resetClock();
});

const digests = () => outboxMails(testDb.db, { dedupePrefix: "low-stock-digest:" });

describe("Stok Menipis", () => {
  it("lists active products at or below their limit (5 units or 2 kg by default), sold out first", async () => {
    await createProduct(testDb.db, { name: "Bayam Cukup", stock: 6 });
    await createProduct(testDb.db, { name: "Bayam Pas", stock: 5, unit: "per ikat" });
    await createProduct(testDb.db, { name: "Kangkung Habis", stock: 0 });
    await createProduct(testDb.db, { name: "Tomat Tipis", stock: 1750, soldByWeight: true, unit: "per kg" });
    await createProduct(testDb.db, { name: "Wortel Aman", stock: 2250, soldByWeight: true, unit: "per kg" });
    await createProduct(testDb.db, {
      name: "Telur Batas Sendiri",
      stock: 20,
      lowStockThreshold: 30,
      unit: "per butir",
    });
    await createProduct(testDb.db, { name: "Jahe Disembunyikan", stock: 0, isActive: false });
    const { total, products: low } = await listLowStock(testDb.db, staff);
    expect(total).toBe(4);
    expect(low.map((p) => p.name)).toEqual(["Kangkung Habis", "Telur Batas Sendiri", "Tomat Tipis", "Bayam Pas"]);
    expect(low.find((p) => p.name === "Tomat Tipis")).toMatchObject({ stockText: "1,75 kg", thresholdText: "2 kg" });
    expect(low.find((p) => p.name === "Bayam Pas")).toMatchObject({ stockText: "5 ikat", thresholdText: "5 ikat" });
    expect((await listLowStock(testDb.db, staff, 2)).products).toHaveLength(2);
  });

  it("queues one digest per Jakarta day to the shop's address, from 06:00, only when something is low", async () => {
    const buncis = await createProduct(testDb.db, { name: "Buncis", stock: 40 });
    expect(await queueLowStockDigest(testDb.db, new Date("2031-01-06T07:00:00+07:00"))).toBe("nothing-low");
    await setStock(testDb.db, buncis.id, 2);
    await createProduct(testDb.db, { name: "Sawi Habis", stock: 0 });
    expect(await queueLowStockDigest(testDb.db, new Date("2031-01-07T05:59:00+07:00"))).toBe("too-early");

    expect(await queueLowStockDigest(testDb.db, new Date("2031-01-07T06:00:00+07:00"))).toBe("queued");
    expect(await queueLowStockDigest(testDb.db, new Date("2031-01-07T23:59:00+07:00"))).toBe("already-sent");
    const [mail] = await digests();
    expect(mail).toMatchObject({
      kind: "low-stock-digest",
      toAddress: config().shop.email,
      dedupeKey: lowStockDigestKey("2031-01-07"),
      subject: "Stok Menipis: 2 produk (Selasa, 7 Januari 2031)",
    });
    expect(mail.textBody).toContain("Sawi Habis");
    expect(mail.textBody).toContain("HABIS (batas 5 ikat)");
    expect(mail.textBody).toContain("sisa 2 ikat (batas 5 ikat)");
    expect(mail.textBody).toContain("/admin/dashboard#stok-menipis");

    // 00:30 in Jember is still the next day's night: too early, then the next morning's digest.
    expect(await queueLowStockDigest(testDb.db, new Date("2031-01-07T17:30:00Z"))).toBe("too-early");
    expect(await queueLowStockDigest(testDb.db, new Date("2031-01-08T06:30:00+07:00"))).toBe("queued");
    expect((await digests()).map((d) => d.dedupeKey).sort()).toEqual([
      lowStockDigestKey("2031-01-07"),
      lowStockDigestKey("2031-01-08"),
    ]);
  });

  it("queues a single digest when several processes look at the same moment", async () => {
    await createProduct(testDb.db, { name: "Selada", stock: 1 });
    const at = new Date("2031-02-02T08:00:00+07:00");
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => queueLowStockDigest(testDb.db, at)));
    expect(outcomes.filter((o) => o === "queued")).toHaveLength(1);
    expect(await digests()).toHaveLength(1);
  });

  it("is looked at by the mail worker of each process, on the shop's clock", async () => {
    await createProduct(testDb.db, { name: "Terong", stock: 0 });
    setClock(fixedClock("2031-03-03T09:15:00+07:00"));
    startOutboxWorker(testDb.db, [lowStockDigestChore]);
    try {
      const deadline = Date.now() + 15_000;
      while ((await digests()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await stopOutboxWorker();
    }
    const [mail] = await digests();
    expect(mail.dedupeKey).toBe(lowStockDigestKey("2031-03-03"));
  });
});
