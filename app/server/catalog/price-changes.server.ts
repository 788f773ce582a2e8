// The one writer of the price board's changes ('Simpan Semua', 'Terapkan' of a CSV upload):
// every row in one transaction, checked against the version the page was loaded with, so two
// people saving at once never overwrite each other and nothing is half-saved. Prices,
// discounts and 'Aktif' go in ONE update statement (the catalog version, bumped per
// statement by a trigger, steps once per save); stock moves through the one stock ledger as
// 'Barang masuk' or 'Koreksi stok' with who did it; every price change gets its history row.
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { priceChanges, products, scheduledPrices, users } from "~/db/schema";
import { moveStock } from "./stock-ledger.server";

export type PriceSource = "board" | "csv" | "scheduled";

/** One product's change as the page (or the CSV) asks for it; a field left out is not changed. */
export type PriceChange = {
  productId: string;
  /** `products.price_version` when the page was loaded. */
  version: number;
  price?: number;
  discount?: number;
  active?: boolean;
  /** Stock put in (positive) or taken out (negative), from the stock the page showed. */
  stockDelta?: number;
};

export type ApplyOptions = {
  actorId: string | null;
  source: Exclude<PriceSource, "scheduled">;
  /** The shop's clock now: the history's time. */
  now: Date;
  /** Price and discount take effect then instead of now ('Berlaku mulai'); 'Aktif' and stock stay immediate. */
  effectiveAt?: Date | null;
};

export type ApplyOutcome =
  | { ok: true; priced: number; scheduled: number; stocked: number }
  | { ok: false; kind: "collision"; rows: Map<string, string> }
  | { ok: false; kind: "stock"; rows: Map<string, string> };

/** Thrown inside the transaction to roll it back; never leaves this module. */
class Refused extends Error {
  constructor(readonly outcome: Extract<ApplyOutcome, { ok: false }>) {
    super("refused");
  }
}

const lockedColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  discount: products.discount,
  isActive: products.isActive,
  stock: products.stock,
  soldByWeight: products.soldByWeight,
  priceVersion: products.priceVersion,
};

const touchesPrice = (c: PriceChange) => c.price !== undefined || c.discount !== undefined || c.active !== undefined;

/**
 * Applies every change or none. A row whose price, discount or 'Aktif' was changed by someone
 * else since the page was loaded (its version moved) is a collision: nothing is stored and
 * each such row gets 'Harga sudah diubah oleh ... Muat ulang'. Stock is moved by the
 * difference the person typed, so orders taken meanwhile are kept; a move below zero refuses
 * the whole save.
 */
export async function applyPriceChanges(
  db: Queryable,
  changes: readonly PriceChange[],
  options: ApplyOptions,
): Promise<ApplyOutcome> {
  if (changes.length === 0) return { ok: true, priced: 0, scheduled: 0, stocked: 0 };
  try {
    return await db.transaction(async (tx) => {
      const ids = changes.map((c) => c.productId);
      // Locked in id order, as the stock ledger does, so two saves never deadlock.
      const locked = await tx
        .select(lockedColumns)
        .from(products)
        .where(inArray(products.id, ids))
        .orderBy(asc(products.id))
        .for("update");
      const byId = new Map(locked.map((row) => [row.id, row]));

      const collided = changes.filter((c) => {
        const row = byId.get(c.productId);
        return !row || (touchesPrice(c) && row.priceVersion !== c.version);
      });
      if (collided.length > 0) {
        const names = await lastChangers(
          tx,
          collided.map((c) => c.productId),
        );
        const rows = new Map(
          collided.map((c) => [
            c.productId,
            byId.has(c.productId)
              ? `Harga sudah diubah oleh ${names.get(c.productId) ?? "staf lain"}. Muat ulang halaman, lalu ubah lagi.`
              : "Produk ini sudah dihapus. Muat ulang halaman.",
          ]),
        );
        throw new Refused({ ok: false, kind: "collision", rows });
      }

      const scheduledAt = options.effectiveAt && options.effectiveAt > options.now ? options.effectiveAt : null;
      const immediate: { id: string; price: number; discount: number; active: boolean }[] = [];
      const history: (typeof priceChanges.$inferInsert)[] = [];
      const waiting: (typeof scheduledPrices.$inferInsert)[] = [];
      for (const change of changes) {
        const row = byId.get(change.productId)!;
        const price = change.price ?? row.price;
        const discount = change.discount ?? row.discount;
        const active = change.active ?? row.isActive;
        const priceMoves = price !== row.price || discount !== row.discount;
        if (scheduledAt && priceMoves) {
          waiting.push({ productId: row.id, price, discount, effectiveAt: scheduledAt, createdBy: options.actorId });
        }
        const next = scheduledAt ? { price: row.price, discount: row.discount, active } : { price, discount, active };
        if (next.price === row.price && next.discount === row.discount && next.active === row.isActive) continue;
        immediate.push({ id: row.id, ...next });
        history.push({
          productId: row.id,
          priceBefore: row.price,
          priceAfter: next.price,
          discountBefore: row.discount,
          discountAfter: next.discount,
          activeBefore: row.isActive,
          activeAfter: next.active,
          source: options.source,
          changedBy: options.actorId,
          createdAt: options.now,
        });
      }

      if (immediate.length > 0) {
        await updatePricesInOneStatement(tx, immediate);
        await tx.insert(priceChanges).values(history);
      }
      if (waiting.length > 0) {
        // One waiting price per product: the newest replaces what was set before.
        await tx.delete(scheduledPrices).where(
          and(
            inArray(
              scheduledPrices.productId,
              waiting.map((w) => w.productId),
            ),
            isNull(scheduledPrices.appliedAt),
          ),
        );
        await tx.insert(scheduledPrices).values(waiting);
      }

      const stockChanges = changes.filter((c) => c.stockDelta !== undefined && c.stockDelta !== 0);
      if (stockChanges.length > 0) {
        const moved = await moveStock(
          tx,
          stockChanges.map((c) => ({
            productId: c.productId,
            delta: c.stockDelta!,
            reason: c.stockDelta! > 0 ? ("restock" as const) : ("correction" as const),
            changedBy: options.actorId,
            note: options.source === "csv" ? "Unggah CSV" : "Harga Hari Ini",
          })),
        );
        const refused = stockChanges.filter((_, i) => moved[i] === null);
        if (refused.length > 0) {
          const rows = new Map(
            refused.map((c) => {
              const row = byId.get(c.productId)!;
              return [
                c.productId,
                `Stok ${row.name} tinggal ${row.stock}${row.soldByWeight ? " gram" : ""}, tidak bisa dikurangi sebanyak itu. Muat ulang halaman.`,
              ];
            }),
          );
          throw new Refused({ ok: false, kind: "stock", rows });
        }
      }
      return { ok: true as const, priced: immediate.length, scheduled: waiting.length, stocked: stockChanges.length };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/**
 * Price, discount and 'Aktif' of many products in a single UPDATE: the catalog's version
 * trigger runs once per statement, so the public pages' cache and ETags move once per save.
 */
export async function updatePricesInOneStatement(
  tx: Queryable,
  rows: readonly { id: string; price: number; discount: number; active: boolean }[],
): Promise<void> {
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::uuid, ${r.price}::integer, ${r.discount}::integer, ${r.active}::boolean)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${products} as p
    set price = v.price, discount = v.discount, is_active = v.active, updated_at = now()
    from (values ${values}) as v(id, price, discount, active)
    where p.id = v.id`);
}

/** Who made each product's latest price change (the collision message names them). */
async function lastChangers(tx: Queryable, productIds: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .selectDistinctOn([priceChanges.productId], { productId: priceChanges.productId, name: users.name })
    .from(priceChanges)
    .leftJoin(users, eq(users.id, priceChanges.changedBy))
    .where(inArray(priceChanges.productId, productIds))
    .orderBy(priceChanges.productId, desc(priceChanges.createdAt));
  return new Map(rows.flatMap((r) => (r.name ? [[r.productId, r.name] as const] : [])));
}
