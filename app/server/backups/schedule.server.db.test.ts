// The daily backup on the shop's clock: made at its hour (and late after a missed hour),
// pruned to the newest N, one at a time, and restoring the newest gives the same orders.
import { mkdtempSync, readdirSync, writeFileSync, createReadStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "~/db/schema";
import { createOrder, createUser, liftOrdersPerCustomerLimit, nextDelivery } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { restoreBackup } from "./backup.server";
import { fixedClock, resetClock, setClock } from "../clock.server";
import {
  backupIsStale,
  backupName,
  backupNow,
  lastBackupAt,
  listBackups,
  runDueBackup,
  type BackupOptions,
} from "./schedule.server";
import { backupStoreOf } from "./store.server";
import { startFakeS3 } from "../../../tests/support/fake-s3";

let source: TestDatabase;
let target: TestDatabase;
beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([source?.destroy(), target?.destroy()]);
});
afterEach(() => resetClock());

function options(overrides: Partial<BackupOptions> = {}): BackupOptions {
  return {
    dir: mkdtempSync(path.join(os.tmpdir(), "backups-")),
    uploadsDir: mkdtempSync(path.join(os.tmpdir(), "uploads-")),
    hour: 3,
    keep: 14,
    databaseKind: process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
    ...overrides,
  };
}

/** Puts the shop's clock at `instant` and looks, as the minute timer does. */
async function lookAt(instant: string, opts: BackupOptions) {
  setClock(fixedClock(instant));
  return runDueBackup(source.db, opts);
}

describe("the daily backup", () => {
  it("is made at its hour, once, and late when the hour was missed", async () => {
    const opts = options();
    // Yesterday's backup was made: nothing is due before 03:00.
    writeFileSync(path.join(opts.dir, backupName("auto", new Date("2026-11-26T03:00:05+07:00"))), "x");
    expect(await lookAt("2026-11-27T02:59:59+07:00", opts)).toEqual({ skipped: "not-due" });
    const made = await lookAt("2026-11-27T03:00:00+07:00", opts);
    expect(made).toEqual({ made: backupName("auto", new Date("2026-11-27T03:00:00+07:00")) });
    expect(await lookAt("2026-11-27T03:01:00+07:00", opts)).toEqual({ skipped: "not-due" });
    expect(await lookAt("2026-11-28T02:59:00+07:00", opts)).toEqual({ skipped: "not-due" });
    // The server was down at 03:00 on the 28th: the backup is made when it looks again at 09:30.
    expect(await lookAt("2026-11-28T09:30:00+07:00", opts)).toEqual({
      made: backupName("auto", new Date("2026-11-28T09:30:00+07:00")),
    });
    expect(listBackups(opts.dir).map((b) => b.kind)).toEqual(["auto", "auto", "auto"]);
  });

  it("keeps the newest N and deletes the older ones", async () => {
    const opts = options({ keep: 3 });
    for (let day = 1; day <= 6; day++) await lookAt(`2026-12-0${day}T03:00:00+07:00`, opts);
    expect(listBackups(opts.dir).map((b) => b.createdAt.toISOString())).toEqual([
      "2026-12-05T20:00:00.000Z",
      "2026-12-04T20:00:00.000Z",
      "2026-12-03T20:00:00.000Z",
    ]);
    // 'Cadangkan Sekarang' backups are kept apart: they never push a daily one out.
    setClock(fixedClock("2026-12-06T10:00:00+07:00"));
    await backupNow(source.db, opts);
    expect(listBackups(opts.dir).filter((b) => b.kind === "auto")).toHaveLength(3);
    expect(readdirSync(opts.dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("is made by one of several lookers at the same moment", async () => {
    const opts = options();
    setClock(fixedClock("2026-11-27T03:00:00+07:00"));
    const results = await Promise.all([1, 2, 3].map(() => runDueBackup(source.db, opts)));
    expect(results.filter((r) => "made" in r)).toHaveLength(1);
    expect(listBackups(opts.dir)).toHaveLength(1);
  });

  it("says it is stale after two days without one", async () => {
    const opts = options();
    const store = backupStoreOf(opts);
    expect(backupIsStale(await lastBackupAt(store), new Date("2026-11-27T10:00:00+07:00"))).toBe(true);
    await lookAt("2026-11-27T03:00:00+07:00", opts);
    expect(backupIsStale(await lastBackupAt(store), new Date("2026-11-29T02:59:00+07:00"))).toBe(false);
    expect(backupIsStale(await lastBackupAt(store), new Date("2026-11-29T03:01:00+07:00"))).toBe(true);
  });

  it("restored into an empty shop gives the same orders", async () => {
    await liftOrdersPerCustomerLimit(source.db);
    const customer = await createUser(source.db);
    const [product] = await source.db.select().from(products).limit(1);
    const { deliveryDate, slot } = nextDelivery();
    for (let i = 0; i < 3; i++)
      await createOrder(source.db, {
        userId: customer.id,
        items: [{ productId: product.id, quantity: 1 }],
        deliveryDate,
        deliverySlot: slot,
      });
    const opts = options();
    const made = await lookAt("2026-11-27T03:00:00+07:00", opts);
    expect("made" in made).toBe(true);
    const newest = listBackups(opts.dir).find((b) => b.kind === "auto")!;
    await restoreBackup(target.db, opts.uploadsDir, createReadStream(path.join(opts.dir, newest.name)));
    const ordersOf = (db: TestDatabase["db"]) =>
      db
        .select({ id: orders.id, total: orders.totalAmount, status: orders.status, userId: orders.userId })
        .from(orders)
        .orderBy(asc(orders.id));
    const before = await ordersOf(source.db);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(await ordersOf(target.db)).toEqual(before);
  });

  it("goes to the S3 bucket when one is configured: pruned there to N, and restorable from there", async () => {
    const s3 = await startFakeS3();
    try {
      const opts = options({ keep: 2, s3: s3.settings });
      for (let day = 1; day <= 4; day++) await lookAt(`2026-12-0${day}T03:00:00+07:00`, opts);
      expect([...s3.objects.keys()].sort()).toEqual([
        `backups/${backupName("auto", new Date("2026-12-03T03:00:00+07:00"))}`,
        `backups/${backupName("auto", new Date("2026-12-04T03:00:00+07:00"))}`,
      ]);
      // Nothing on this machine's disk: every app machine sees the same backups in the bucket.
      expect(readdirSync(opts.dir)).toEqual([]);
      expect(await lookAt("2026-12-04T10:00:00+07:00", opts)).toEqual({ skipped: "not-due" });

      const store = backupStoreOf(opts);
      const [newest] = await store.list();
      const restoredInto = await createTestDatabase();
      try {
        await restoreBackup(restoredInto.db, opts.uploadsDir, (await store.open(newest.name))!.stream);
        const count = async (db: TestDatabase["db"]) => (await db.select({ id: orders.id }).from(orders)).length;
        expect(await count(source.db)).toBeGreaterThan(0);
        expect(await count(restoredInto.db)).toBe(await count(source.db));
      } finally {
        await restoredInto.destroy();
      }
    } finally {
      await s3.close();
    }
  });
});
