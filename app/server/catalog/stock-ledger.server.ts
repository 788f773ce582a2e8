// The stock ledger: every change of a product's stock (units, or grams for produce sold by
// weight) moves `products.stock` and writes its `stock_adjustments` row together, in the
// caller's transaction, so the history always adds up to the stock. One function serves a
// single move (an admin's edit, a cancelled line) and a whole basket at checkout.
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products, stockAdjustments } from "~/db/schema";
import type { StockReason } from "~/lib/vocab/stock-reasons";

export type StockMove = {
  productId: string;
  /** Positive puts stock back, negative takes it. */
  delta: number;
  reason: StockReason;
  changedBy: string | null;
  orderId?: string | null;
  note?: string;
  /** Only while the product is on sale: a sale never takes stock of a hidden product. */
  onSale?: boolean;
};

/** The product as the move left it: what a sale prices and names its line with. */
const productColumns = {
  name: products.name,
  unit: products.unit,
  imageUrl: products.imageUrl,
  price: products.price,
  discount: products.discount,
  soldByWeight: products.soldByWeight,
  weightStep: products.weightStep,
  weightMin: products.weightMin,
};

export type MovedStock = {
  productId: string;
  stockAfter: number;
  product: { [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K] };
};

export type MoveOptions = {
  /**
   * The order the moves belong to, asked for once every move went through (a sale stores
   * its order only when the prices the moves read are known); its id goes on the ledger rows.
   */
  linkOrder?: (moved: MovedStock[]) => Promise<string>;
};

/**
 * Moves a product's stock and records why. A move that would take the stock below zero (or
 * names no product, or a hidden one when `onSale`) changes nothing and returns null.
 *
 * Given several moves (one per product), the rows are locked in product id order (so two
 * baskets with the same products lock them in the same order) and moved by one conditional
 * UPDATE that refuses, row by row, to go below zero; concurrent callers can never take more
 * than there is. The ledger rows of all of them are written in one insert: a whole board of
 * changes is three statements, not one per product. The answer lists each move in the order
 * given (null when refused); when any was refused, `linkOrder` is not asked and the caller
 * rolls its transaction back.
 */
export async function moveStock(tx: Queryable, move: StockMove): Promise<MovedStock | null>;
export async function moveStock(
  tx: Queryable,
  moves: readonly StockMove[],
  options?: MoveOptions,
): Promise<(MovedStock | null)[]>;
export async function moveStock(
  tx: Queryable,
  moveOrMoves: StockMove | readonly StockMove[],
  options: MoveOptions = {},
): Promise<MovedStock | null | (MovedStock | null)[]> {
  const single = !Array.isArray(moveOrMoves);
  const moves: readonly StockMove[] = single ? [moveOrMoves as StockMove] : (moveOrMoves as readonly StockMove[]);
  const distinct = new Set(moves.map((m) => m.productId)).size === moves.length;
  const results = moves.length > 1 && distinct ? await moveMany(tx, moves) : await moveOneByOne(tx, moves);
  const moved = results.filter((r): r is MovedStock => r !== null);
  const linked = moved.length === moves.length && options.linkOrder ? await options.linkOrder(moved) : null;
  if (moved.length > 0) {
    await tx.insert(stockAdjustments).values(
      moves.flatMap((move, i) => {
        const result = results[i];
        if (!result) return [];
        return {
          productId: move.productId,
          delta: move.delta,
          stockAfter: result.stockAfter,
          reason: move.reason,
          orderId: linked ?? move.orderId ?? null,
          changedBy: move.changedBy,
          note: move.note ?? "",
        };
      }),
    );
  }
  return single ? results[0] : results;
}

/**
 * Many products' moves in two statements: their rows locked in product id order (as the
 * one-by-one path takes them, so a basket and a board save never deadlock), then one UPDATE
 * over a VALUES list whose condition refuses, per row, a move below zero or a sale of a
 * hidden product. A product the UPDATE did not return was refused.
 */
async function moveMany(tx: Queryable, moves: readonly StockMove[]): Promise<(MovedStock | null)[]> {
  const ids = moves.map((m) => m.productId).sort(compareIds);
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for("update");
  const values = sql.join(
    moves.map((m) => sql`(${m.productId}::uuid, ${m.delta}::integer, ${m.onSale === true}::boolean)`),
    sql`, `,
  );
  const rows = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + v.delta`, updatedAt: new Date() })
    .from(sql`(values ${values}) as v(id, delta, on_sale)`)
    .where(sql`${products.id} = v.id and ${products.stock} + v.delta >= 0 and (not v.on_sale or ${products.isActive})`)
    .returning({ productId: products.id, stockAfter: products.stock, ...productColumns });
  const byId = new Map(
    rows.map(({ productId, stockAfter, ...product }) => [productId, { productId, stockAfter, product }]),
  );
  return moves.map((m) => byId.get(m.productId) ?? null);
}

/** A single move, or several naming one product more than once: one conditional update each, in product id order. */
async function moveOneByOne(tx: Queryable, moves: readonly StockMove[]): Promise<(MovedStock | null)[]> {
  const order = moves.map((_, i) => i).sort((a, b) => compareIds(moves[a].productId, moves[b].productId));
  const results: (MovedStock | null)[] = moves.map(() => null);
  for (const i of order) {
    const move = moves[i];
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${move.delta}`, updatedAt: new Date() })
      .where(
        and(
          eq(products.id, move.productId),
          gte(products.stock, -move.delta),
          move.onSale ? eq(products.isActive, true) : undefined,
        ),
      )
      .returning({ stockAfter: products.stock, ...productColumns });
    if (row) {
      const { stockAfter, ...product } = row;
      results[i] = { productId: move.productId, stockAfter, product };
    }
  }
  return results;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
