import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, partnerApplications, products, suppliers, users } from "~/db/schema";
import { createUser, signIn } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { BACKUP_TABLES, createBackup, RestoreError, restoreBackup } from "./backup.server";

let source: TestDatabase;
let target: TestDatabase;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([source?.destroy(), target?.destroy()]);
});

async function snapshot(db: TestDatabase["db"]) {
  const out: Record<string, unknown> = {};
  for (const table of BACKUP_TABLES) {
    const result = await db.execute(
      sql`select coalesce(json_agg(t order by t::text), '[]'::json) as rows from ${sql.identifier(table)} t`,
    );
    out[table] = ((result as unknown as { rows: { rows: unknown }[] }).rows ?? result)[0].rows;
  }
  return out;
}

async function salesFigures(db: TestDatabase["db"]) {
  const result = await db.execute(
    sql`select status, sum(order_count)::int as n, sum(items_total)::int as items from order_day_stats group by status having sum(order_count) > 0 order by status`,
  );
  return (result as unknown as { rows: unknown[] }).rows ?? result;
}

describe("backup and restore", () => {
  it("brings back every table and upload exactly", async () => {
    const [product] = await source.db.select().from(products).limit(1);
    // A farmer accepted from an application, named by the product: restored parents first.
    const [application] = await source.db
      .insert(partnerApplications)
      .values({ name: "Pak Slamet", phone: "6281298765432", products: "Tomat" })
      .returning();
    const [farmer] = await source.db
      .insert(suppliers)
      .values({ name: "Pak Slamet", phone: "6281298765432", partnerApplicationId: application.id })
      .returning();
    await source.db
      .update(products)
      .set({ supplierId: farmer.id, lowStockThreshold: 3 })
      .where(eq(products.id, product.id));
    await source.db.insert(users).values({
      id: "u1",
      name: "Bu Sri <b>",
      email: "sri@contoh.id",
      phone: "6281234567890",
      address: "Jl. Jawa 5, Jember",
    });
    const [order] = await source.db
      .insert(orders)
      .values({
        userId: "u1",
        totalAmount: 8000,
        deliverySlot: "pagi",
        deliveryTime: "05:00 - 07:00",
        deliveryDate: "2026-11-23",
        notes: "Titip di pos satpam 🙏",
        recipientName: "Bu Sri",
        recipientPhone: "6281234567890",
        recipientAddress: "Jl. Jawa 5",
        idempotencyKey: "k1",
      })
      .returning();
    await source.db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      productName: product.name,
      productUnit: product.unit,
      quantity: 2,
      price: 4000,
      originalPrice: 4000,
    });
    const uploadsA = mkdtempSync(path.join(os.tmpdir(), "sayur-up-a-"));
    mkdirSync(path.join(uploadsA, "products"));
    writeFileSync(path.join(uploadsA, "products/abc.webp"), Buffer.from([1, 2, 3, 250]));

    const archive = await createBackup(source.db, uploadsA);
    const uploadsB = mkdtempSync(path.join(os.tmpdir(), "sayur-up-b-"));
    const result = await restoreBackup(target.db, uploadsB, archive);

    expect(result.uploads).toBe(1);
    expect(await snapshot(target.db)).toEqual(await snapshot(source.db));
    expect([...readFileSync(path.join(uploadsB, "products/abc.webp"))]).toEqual([1, 2, 3, 250]);

    // The sales figures (left out of the file) are rebuilt, and kept again for the next order.
    expect(await salesFigures(target.db)).toEqual(await salesFigures(source.db));
    await target.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
    expect(await salesFigures(target.db)).toEqual([{ status: "cancelled", n: 1, items: 8000 }]);
  });

  it("refuses to restore over a shop that already has accounts or orders", async () => {
    const archive = await createBackup(source.db, "/nonexistent");
    await expect(restoreBackup(source.db, "/tmp", archive)).rejects.toThrow(RestoreError);
  });

  it("refuses a file that is not a backup", async () => {
    await expect(restoreBackup(target.db, "/tmp", Buffer.from("hello"))).rejects.toThrow(/rusak/);
  });

  it("leaves live sessions and one-time tokens out, and refuses a file cut short", async () => {
    await signIn(source.db, await createUser(source.db));
    const [{ n }] = (
      (await source.db.execute(sql`select count(*)::int as n from sessions`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBeGreaterThan(0);
    const archive = await createBackup(source.db, "/nonexistent");
    const text = gunzipSync(archive).toString("utf8");
    expect(text).not.toMatch(/"table":"(sessions|verifications)"/);
    const cut = gzipSync(text.split("\n").slice(0, -2).join("\n"));
    const fresh = await createTestDatabase();
    try {
      await expect(restoreBackup(fresh.db, mkdtempSync(path.join(os.tmpdir(), "sayur-cut-")), cut)).rejects.toThrow(
        /tidak lengkap/,
      );
    } finally {
      await fresh.destroy();
    }
  });
});
