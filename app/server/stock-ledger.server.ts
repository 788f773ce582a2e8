// The stock ledger: every change of a product's stock (units, or grams for produce sold by
// weight) moves `products.stock` and writes its `stock_adjustments` row together, in the
// caller's transaction, so the history always adds up to the stock.
import { and, eq, gte, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products, stockAdjustments } from "~/db/schema";

export type StockMove = {
  productId: string;
  /** Positive puts stock back, negative takes it. */
  delta: number;
  /** 'initial', 'manual', 'order', 'cancel', 'uncancel', ... (STOCK_REASON_LABELS). */
  reason: string;
  changedBy: string | null;
  orderId?: string | null;
  note?: string;
};

/**
 * Moves a product's stock and records why. A move that would take the stock below zero (or
 * names no product) changes nothing and returns null.
 */
export async function moveStock(tx: Queryable, move: StockMove): Promise<{ stockAfter: number } | null> {
  const [updated] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${move.delta}`, updatedAt: new Date() })
    .where(and(eq(products.id, move.productId), gte(products.stock, -move.delta)))
    .returning({ stock: products.stock });
  if (!updated) return null;
  await tx.insert(stockAdjustments).values({
    productId: move.productId,
    delta: move.delta,
    stockAfter: updated.stock,
    reason: move.reason,
    orderId: move.orderId ?? null,
    changedBy: move.changedBy,
    note: move.note ?? "",
  });
  return { stockAfter: updated.stock };
}
