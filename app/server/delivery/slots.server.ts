// Delivery for the shop's pages and the order transaction: the dates and slots on offer with
// their order counts, the promise, the areas, and the checks placeOrder makes under a lock.
// The rules themselves are pure (app/lib/delivery.ts); this module feeds them the stored
// settings, the counts and the server's clock.
import { and, count, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders, users } from "~/db/schema";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import { addDays, formatWeekdayDate, shopDate } from "~/lib/dates";
import {
  checkDeliveryChoice,
  DELIVERY_WINDOW_DAYS,
  deliveryDays,
  deliveryPromise,
  earliestOpenChoice,
  slotKey,
  type DeliveryDay,
  type DeliveryPromise,
  type DeliveryRules,
  type SlotChoice,
  type SlotCounts,
} from "~/lib/delivery";
import { OUTSIDE_AREA, type DeliveryArea } from "~/lib/delivery-settings";
import { isDeliverySlot, type DeliverySlot } from "~/lib/vocab/delivery-slots";
import type { ShopSettings } from "~/lib/shop-settings";
import { now as clockNow } from "../clock.server";
import { loadShopSettings } from "../settings.server";

export function deliveryRulesOf(settings: ShopSettings): DeliveryRules {
  return { slots: settings.deliverySlots, closedDays: settings.closedDays };
}

/** Orders per date and slot from `from` to `to` (inclusive), cancelled ones left out. */
export async function countSlotOrders(db: Queryable, from: string, to: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ date: orders.deliveryDate, slot: orders.deliverySlot, n: count() })
    .from(orders)
    .where(and(gte(orders.deliveryDate, from), lte(orders.deliveryDate, to), ne(orders.status, "cancelled")))
    .groupBy(orders.deliveryDate, orders.deliverySlot);
  const counts: Record<string, number> = {};
  for (const r of rows) if (isDeliverySlot(r.slot)) counts[slotKey(r.date, r.slot)] = Number(r.n);
  return counts;
}

/** Counts for every date the checkout can offer at `now`. */
async function countsForWindow(db: Queryable, now: Date): Promise<Record<string, number>> {
  const today = shopDate(now);
  return countSlotOrders(db, today, addDays(today, DELIVERY_WINDOW_DAYS + 7));
}

export type DeliveryOptions = {
  days: DeliveryDay[];
  /** The checkout's default choice: the earliest slot that is open and not full. */
  earliest: SlotChoice | null;
  promise: DeliveryPromise | null;
  /** Areas shoppers may choose (active ones), in staff's order. */
  areas: DeliveryArea[];
  minimumOrder: number;
};

/** What the cart, checkout and shop pages show about delivery at this moment. */
export async function loadDeliveryOptions(db: Queryable, now: Date = clockNow()): Promise<DeliveryOptions> {
  const [{ values }, counts] = await Promise.all([loadShopSettings(db), countsForWindow(db, now)]);
  const rules = deliveryRulesOf(values);
  const days = deliveryDays(rules, now, counts);
  return {
    days,
    earliest: earliestOpenChoice(days),
    promise: deliveryPromise(rules, now, counts),
    areas: values.deliveryAreas.filter((a) => a.active),
    minimumOrder: values.minimumOrder,
  };
}

/** The promise alone, for pages that show nothing else about delivery. */
export async function loadDeliveryPromise(db: Queryable, now: Date = clockNow()): Promise<DeliveryPromise | null> {
  return (await loadDeliveryOptions(db, now)).promise;
}

export type SlotReservation = { ok: true; choice: SlotChoice } | { ok: false; message: string };

/**
 * Inside the order transaction: takes the lock of `date` + `slot`, counts its orders (all of
 * them, and the customer's own) and checks the choice against the rules at `now`. The lock is
 * held until the transaction ends, so the next checkout for the same slot counts this order
 * too: concurrent checkouts never exceed the quota, nor one customer's share of it.
 */
export async function reserveDeliverySlot(
  tx: Queryable,
  rules: DeliveryRules,
  now: Date,
  date: string,
  slot: DeliverySlot,
  customer: { userId: string; limit: number },
): Promise<SlotReservation> {
  await tx.execute(sql`select pg_advisory_xact_lock(7206, hashtext(${slotKey(date, slot)}))`);
  const [{ n, mine }] = await tx
    .select({ n: count(), mine: sql<number>`count(*) filter (where ${orders.userId} = ${customer.userId})::int` })
    .from(orders)
    .where(and(eq(orders.deliveryDate, date), eq(orders.deliverySlot, slot), ne(orders.status, "cancelled")));
  const counts: SlotCounts = { [slotKey(date, slot)]: Number(n) };
  const check = checkDeliveryChoice(rules, now, counts, date, slot);
  if (!check.ok) return { ok: false, message: check.message };
  if (Number(mine) >= customer.limit)
    return { ok: false, message: perCustomerLimitMessage(customer.limit, date, slot) };
  return check;
}

/** Why one more order in this slot is refused: the limit, and what the shopper can do instead. */
export function perCustomerLimitMessage(limit: number, date: string, slot: DeliverySlot): string {
  return `Anda sudah punya ${limit} pesanan untuk ${slotLabel(slot)}, ${formatWeekdayDate(date)}: batasnya ${limit} pesanan per pelanggan untuk setiap waktu pengiriman. Pilih waktu pengiriman lain, atau hubungi kami untuk menambah pesanan yang sudah ada.`;
}

export type AreaChoice = { ok: true; area: DeliveryArea | null } | { ok: false; message: string };

/** The areas shoppers may choose now (active ones), in staff's order: for the profile and address book. */
export async function loadDeliveryAreas(db: Queryable): Promise<DeliveryArea[]> {
  const { values } = await loadShopSettings(db);
  return values.deliveryAreas.filter((a) => a.active);
}

/** The area a checkout names: one of the active areas, or outside them (CS decides the fee). */
export function resolveDeliveryArea(areas: readonly DeliveryArea[], areaId: string): AreaChoice {
  if (areaId === OUTSIDE_AREA) return { ok: true, area: null };
  const area = areas.find((a) => a.id === areaId);
  if (!area) return { ok: false, message: "Area pengiriman tidak dikenal. Pilih area dari daftar." };
  if (!area.active)
    return {
      ok: false,
      message: `Area ${area.name} sudah tidak dilayani. Pilih area lain atau 'Di luar area (ongkir ditentukan CS)'.`,
    };
  return { ok: true, area };
}

/** Remembers the area a customer chose, for their next checkout and their address book. */
export async function rememberDeliveryArea(tx: Queryable, userId: string, areaId: string): Promise<void> {
  await tx.update(users).set({ deliveryAreaId: areaId }).where(eq(users.id, userId));
}

/** The area a customer chose last (an id, or OUTSIDE_AREA), null when never chosen. */
export async function rememberedDeliveryArea(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ areaId: users.deliveryAreaId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.areaId ?? null;
}
