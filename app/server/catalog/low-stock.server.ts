// 'Stok Menipis': the active products whose stock is at or below their 'Batas Stok Menipis'
// (their own, or the default of 5 units / 2 kg), for the dashboard card and the daily digest
// e-mail to the shop's address. The digest goes out once per Jakarta day, whichever app
// process notices first: its notification is keyed by the date, so a second process (or a
// second look the same day) queues nothing.
import { loadShopIdentity } from "../shop/identity.server";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { notificationEvents, products } from "~/db/schema";
import { SHOP_TIME_ZONE, shopDate } from "~/lib/dates";
import {
  DEFAULT_LOW_STOCK_GRAMS,
  DEFAULT_LOW_STOCK_UNITS,
  effectiveLowStockThreshold,
  formatStockAmount,
} from "~/lib/low-stock";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { now as clockNow } from "../clock.server";
import { log } from "../logger.server";
import { notify } from "../notifications/notify.server";
import type { OutboxChore } from "../notifications/outbox.server";

/** The card shows this many; the rest are counted. */
export const LOW_STOCK_CARD_LIMIT = 8;
/** The digest is not sent before this hour (Jakarta), so it reports the morning's stock, not the night's. */
export const DIGEST_FROM_HOUR = 6;
/** How often each process looks whether today's digest is due (the mail worker's chore). */
export const DIGEST_CHECK_EVERY_MS = 10 * 60 * 1000;

export type LowStockProduct = {
  id: string;
  name: string;
  unit: string;
  soldByWeight: boolean;
  stock: number;
  threshold: number;
  /** '1,25 kg' or '3 ikat'. */
  stockText: string;
  thresholdText: string;
};

const threshold = sql<number>`coalesce(${products.lowStockThreshold}, case when ${products.soldByWeight} then ${sql.raw(String(DEFAULT_LOW_STOCK_GRAMS))} else ${sql.raw(String(DEFAULT_LOW_STOCK_UNITS))} end)`;
// Written as the expression of `products_low_stock_idx` (schema.ts), so the index answers it.
const isLow = and(
  eq(products.isActive, true),
  sql`(${products.stock} - coalesce(${products.lowStockThreshold}, case when ${products.soldByWeight} then 2000 else 5 end)) <= 0`,
);

async function readLowStock(db: Queryable, limit?: number) {
  const query = db
    .select({
      id: products.id,
      name: products.name,
      unit: products.unit,
      soldByWeight: products.soldByWeight,
      stock: products.stock,
      lowStockThreshold: products.lowStockThreshold,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(products)
    .where(isLow)
    // Sold out first, then the products nearest to running out.
    .orderBy(
      sql`${products.stock} = 0 desc`,
      sql`${products.stock}::float / greatest(${threshold}, 1)`,
      asc(products.name),
    );
  const rows = await (limit ? query.limit(limit) : query);
  return {
    total: rows[0]?.total ?? 0,
    products: rows.map((r): LowStockProduct => {
      const limitValue = effectiveLowStockThreshold(r);
      return {
        id: r.id,
        name: r.name,
        unit: r.unit,
        soldByWeight: r.soldByWeight,
        stock: r.stock,
        threshold: limitValue,
        stockText: formatStockAmount(r.stock, r),
        thresholdText: formatStockAmount(limitValue, r),
      };
    }),
  };
}

/** The dashboard's 'Stok Menipis' card: the first products running low and how many there are. */
export async function listLowStock(db: Queryable, actor: AdminActor, limit = LOW_STOCK_CARD_LIMIT) {
  assertAdmin(actor);
  return readLowStock(db, limit);
}

export function lowStockDigestKey(date: string): string {
  return `low-stock-digest:${date}`;
}

export type DigestOutcome = "queued" | "already-sent" | "nothing-low" | "too-early";

/**
 * Queues today's low-stock digest to the shop's address when a product is low and none was
 * queued today. Safe to call from every process at any time: it is keyed by the Jakarta date.
 */
export async function queueLowStockDigest(db: Queryable, at: Date = clockNow()): Promise<DigestOutcome> {
  const hour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, hour: "2-digit", hourCycle: "h23" }).format(at),
  );
  if (hour < DIGEST_FROM_HOUR) return "too-early";
  const date = shopDate(at);
  const key = lowStockDigestKey(date);
  const [sent] = await db
    .select({ id: notificationEvents.id })
    .from(notificationEvents)
    .where(eq(notificationEvents.dedupeKey, key))
    .limit(1);
  if (sent) return "already-sent";
  const low = await readLowStock(db);
  if (low.total === 0) return "nothing-low";
  const queued = await notify(db, {
    kind: "low-stock-digest",
    subject: {
      date,
      total: low.total,
      products: low.products.map((p) => ({
        name: p.name,
        stock: p.stock,
        stockText: p.stockText,
        thresholdText: p.thresholdText,
      })),
    },
    recipient: { email: (await loadShopIdentity(db)).email },
    dedupeKey: key,
  });
  if (!queued) return "already-sent";
  log.info("low-stock digest queued", { date, products: low.total });
  return "queued";
}

/** The mail worker's look, in every process, whether today's digest is due. */
export const lowStockDigestChore: OutboxChore = {
  name: "low-stock digest",
  everyMs: DIGEST_CHECK_EVERY_MS,
  run: (db) => queueLowStockDigest(db),
};
