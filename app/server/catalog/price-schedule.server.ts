// 'Berlaku mulai': prices set tonight take effect at their time with nobody awake. Every
// process looks every half minute, asking the shop's clock (clock.server.ts), so tests move
// the clock instead of waiting; a process started after the time (a restart over night)
// applies what is due at its first look, at once. With several processes on one PostgreSQL,
// the one that gets the advisory lock applies the prices; the others find nothing due.
// Carts keep working as before: a cart opened across the change gets the new price with the
// usual price-changed notice through the cart refresh, and placed orders keep theirs.
import { and, asc, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { priceChanges, products, scheduledPrices } from "~/db/schema";
import { now as clockNow } from "../clock.server";
import { log } from "../logger.server";
import { updatePricesInOneStatement } from "./price-changes.server";

export type DuePricesResult = { applied: number } | { skipped: "busy" };

/**
 * Applies every waiting price whose time has come (one statement, one catalog version step),
 * writes its history row (who set it, the time it was set for) and marks it applied.
 */
export async function applyDuePrices(db: Database, at: Date = clockNow()): Promise<DuePricesResult> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('sayur-jember-scheduled-prices')) as got`,
    );
    const rows = ((result as { rows?: { got: boolean }[] }).rows ?? (result as unknown as { got: boolean }[])) as {
      got: boolean;
    }[];
    if (!rows[0]?.got) return { skipped: "busy" as const };
    const due = await tx
      .select({
        id: scheduledPrices.id,
        productId: scheduledPrices.productId,
        price: scheduledPrices.price,
        discount: scheduledPrices.discount,
        effectiveAt: scheduledPrices.effectiveAt,
        createdBy: scheduledPrices.createdBy,
      })
      .from(scheduledPrices)
      .where(and(isNull(scheduledPrices.appliedAt), lte(scheduledPrices.effectiveAt, at)))
      .orderBy(asc(scheduledPrices.productId))
      .for("update");
    if (due.length === 0) return { applied: 0 };
    const current = await tx
      .select({ id: products.id, price: products.price, discount: products.discount, isActive: products.isActive })
      .from(products)
      .where(
        inArray(
          products.id,
          due.map((d) => d.productId),
        ),
      )
      .orderBy(asc(products.id))
      .for("update");
    const byId = new Map(current.map((p) => [p.id, p]));
    const changed = due.filter((d) => {
      const p = byId.get(d.productId);
      return p && (p.price !== d.price || p.discount !== d.discount);
    });
    if (changed.length > 0) {
      await updatePricesInOneStatement(
        tx,
        changed.map((d) => ({
          id: d.productId,
          price: d.price,
          discount: d.discount,
          active: byId.get(d.productId)!.isActive,
        })),
      );
      await tx.insert(priceChanges).values(
        changed.map((d) => {
          const p = byId.get(d.productId)!;
          return {
            productId: d.productId,
            priceBefore: p.price,
            priceAfter: d.price,
            discountBefore: p.discount,
            discountAfter: d.discount,
            activeBefore: p.isActive,
            activeAfter: p.isActive,
            source: "scheduled",
            scheduledFor: d.effectiveAt,
            changedBy: d.createdBy,
            createdAt: at,
          };
        }),
      );
    }
    await tx
      .update(scheduledPrices)
      .set({ appliedAt: at })
      .where(
        inArray(
          scheduledPrices.id,
          due.map((d) => d.id),
        ),
      );
    log.info("scheduled prices applied", { due: due.length, changed: changed.length });
    return { applied: changed.length };
  });
}

// ---------------------------------------------------------------- this process's schedule

const CHECK_EVERY_MS = 30_000;
let timer: NodeJS.Timeout | undefined;
let tick: Promise<unknown> | undefined;

/** Looks at once (catch-up after a restart) and then every half minute. */
export function startPriceSchedule(db: Database): void {
  const look = () => {
    if (tick) return;
    tick = applyDuePrices(db)
      .catch((error: unknown) => log.error("applying scheduled prices failed", { error }))
      .finally(() => {
        tick = undefined;
      });
  };
  clearInterval(timer);
  timer = setInterval(look, CHECK_EVERY_MS);
  timer.unref();
  look();
}

/** Stops looking and waits for a look in progress (server shutdown). */
export async function stopPriceSchedule(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await tick;
}
