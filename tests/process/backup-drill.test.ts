// The restore drill a shop owner would do: the daily automatic backup is made at its hour (on
// the shop's clock, by the code the server's timer runs), the newest automatic file is brought
// back with `npm run restore` into an empty data directory, and that shop holds the same orders.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { orderItems, orders, products } from "~/db/schema";
import { listBackups, runDueBackup } from "~/server/backups/schedule.server";
import { fixedClock, resetClock, setClock } from "~/server/clock.server";
import {
  createOrder,
  createProduct,
  createUser,
  liftOrdersPerCustomerLimit,
  nextDelivery,
  setStock,
} from "../support/factories";
import { DATA_DIR_TEMPLATE_ENV } from "../support/server";

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  resetClock();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function withShopData<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ kind: "pglite", dataDir, holder: "test" });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const ordersOf = (db: Database) =>
  Promise.all([
    db
      .select({ id: orders.id, total: orders.totalAmount, status: orders.status, recipient: orders.recipientName })
      .from(orders)
      .orderBy(asc(orders.id)),
    db
      .select({ orderId: orderItems.orderId, productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .orderBy(asc(orderItems.orderId), asc(orderItems.productId)),
  ]);

describe("the restore drill", () => {
  it("`npm run restore` of the newest automatic backup gives a shop with the same orders", async () => {
    const dataDir = tempDir("sayur-drill-");
    // A stopped shop's data (the tests' template copy), or a freshly migrated one with a product of its own.
    const template = process.env[DATA_DIR_TEMPLATE_ENV];
    if (template) cpSync(template, dataDir, { recursive: true });
    const backupDir = path.join(dataDir, "backups");

    const before = await withShopData(dataDir, async (db) => {
      await liftOrdersPerCustomerLimit(db);
      const customer = await createUser(db, { name: "Bu Lastri" });
      if (!template) for (let i = 0; i < 2; i++) await createProduct(db);
      const shelf = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.isActive, true), eq(products.soldByWeight, false)))
        .orderBy(asc(products.id))
        .limit(2);
      // Two products sold by the piece (ids are random; some sample products are sold out), stocked here.
      for (const product of shelf) await setStock(db, product.id, 50);
      const { deliveryDate, slot } = nextDelivery();
      for (const [i, product] of shelf.entries())
        await createOrder(db, {
          userId: customer.id,
          items: [{ productId: product.id, quantity: i + 1 }],
          deliveryDate,
          deliverySlot: slot,
          recipientName: `Bu Lastri ${i + 1}`,
        });
      const options = { dir: backupDir, uploadsDir: path.join(dataDir, "uploads"), hour: 3, keep: 14 };
      // Two nights of automatic backups; a third order comes after the second one and is not in it.
      for (const night of ["2026-11-26T03:00:00+07:00", "2026-11-27T03:00:00+07:00"]) {
        setClock(fixedClock(night));
        expect(await runDueBackup(db, { ...options, databaseKind: "pglite" })).toHaveProperty("made");
      }
      const inBackup = await ordersOf(db);
      setClock(fixedClock("2026-11-27T08:00:00+07:00"));
      await createOrder(db, { userId: customer.id, items: [{ productId: shelf[0].id, quantity: 5 }] });
      return inBackup;
    });
    resetClock();
    expect(before[0]).toHaveLength(2);

    const newest = listBackups(backupDir).find((b) => b.kind === "auto")!;
    expect(newest.createdAt.toISOString()).toBe("2026-11-26T20:00:00.000Z");

    const freshDir = tempDir("sayur-drill-restored-");
    const restore = spawnSync("npm", ["run", "--silent", "restore", "--", path.join(backupDir, newest.name)], {
      cwd: root,
      env: { ...process.env, DATA_DIR: freshDir, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/Pemulihan selesai/);

    expect(await withShopData(freshDir, ordersOf)).toEqual(before);
    // Three opens of the embedded database and a restore command: minutes on a busy 2-core machine.
  }, 300_000);
});
