// What a test reads back from the database to check what a call left behind. One home for
// each read, so a test file never carries its own copy.
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products, stockAdjustments } from "~/db/schema";

/** A product's stock as stored now (units, or grams for produce sold by weight). */
export async function stockOf(db: Queryable, productId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`stockOf: no product ${productId}`);
  return row.stock;
}

/** A product's stock ledger ('Riwayat Stok'), oldest move first. */
export async function stockHistoryOf(db: Queryable, productId: string) {
  return db
    .select()
    .from(stockAdjustments)
    .where(eq(stockAdjustments.productId, productId))
    .orderBy(asc(stockAdjustments.createdAt));
}
