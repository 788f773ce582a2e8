// Making the week's orders of the standing orders ('Langganan'). Each standing order's coming
// date is made into a normal order once the set time before its cut-off has come (the
// 'Langganan' setting, default 24 hours): through the one placing path, at that moment's
// prices, stock, quota, minimum and area fee. Lines hidden or sold out are left out and named;
// a line short of stock is reduced and named; nothing to deliver or a refusal (slot full,
// minimum) makes no order, and the shopper and the staff dashboard are told why.
//
// Exactly once per standing order and date, whatever runs it: the run row is unique on (standing
// order, date) and the order's idempotency key is derived from the same pair, so two
// processes, a retry or a restart mid-way find the order already made. A process that was down
// at the time catches up on its next look, as long as the cut-off is still ahead.
import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products, standingOrderLines, standingOrderRuns, standingOrders, users } from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import { deliveryRulesOf } from "../delivery/slots.server";
import { upcomingDeliveries } from "~/lib/standing-orders";
import { deliverySentence } from "~/lib/order-text";
import type { DeliverySlot } from "~/lib/vocab/delivery-slots";
import type { PaymentMethod } from "~/lib/vocab/payment-methods";
import { correctWeight, formatAmount } from "~/lib/weight";
import { now as clockNow } from "../clock.server";
import { log } from "../logger.server";
import { notify } from "../notifications/notify.server";
import type { OutboxChore } from "../notifications/outbox.server";
import { placeOrder } from "../orders/placing.server";
import { changeOrderStatus } from "../orders/status.server";
import { readShopSettings } from "../settings.server";

type Planned = { productId: string; quantity: number; note: string; allowSubstitute: boolean };

/**
 * The lines that can be delivered now: hidden or sold-out products left out, a line short of
 * stock reduced to what there is (on the product's weight step), each change in words.
 */
export async function planStandingLines(
  db: Queryable,
  standingOrderId: string,
): Promise<{ lines: Planned[]; changes: string[] }> {
  const rows = await db
    .select({
      productId: standingOrderLines.productId,
      quantity: standingOrderLines.quantity,
      note: standingOrderLines.note,
      allowSubstitute: standingOrderLines.allowSubstitute,
      name: products.name,
      unit: products.unit,
      isActive: products.isActive,
      stock: products.stock,
      soldByWeight: products.soldByWeight,
      weightStep: products.weightStep,
      weightMin: products.weightMin,
    })
    .from(standingOrderLines)
    .innerJoin(products, eq(products.id, standingOrderLines.productId))
    .where(eq(standingOrderLines.standingOrderId, standingOrderId));
  const lines: Planned[] = [];
  const changes: string[] = [];
  for (const r of rows.sort((a, b) => a.name.localeCompare(b.name, "id"))) {
    if (!r.isActive) {
      changes.push(`${r.name} tidak dijual saat ini, jadi tidak disertakan.`);
      continue;
    }
    const quantity = r.soldByWeight
      ? correctWeight(r.quantity, r, r.stock)
      : Math.min(r.quantity, Math.max(0, r.stock)) || null;
    if (quantity === null) {
      changes.push(`${r.name} sedang habis, jadi tidak disertakan.`);
      continue;
    }
    if (quantity < r.quantity)
      changes.push(
        `${r.name} hanya tersedia ${formatAmount(quantity, r)} (dari ${formatAmount(r.quantity, r)} di langganan).`,
      );
    lines.push({ productId: r.productId, quantity, note: r.note, allowSubstitute: r.allowSubstitute });
  }
  return { lines, changes };
}

export type MadeResult = { made: number; notMade: number };

/** The idempotency key of the order made for one standing order and date: the database keeps it single. */
function orderKey(standingOrderId: string, date: string): string {
  return `langganan-${standingOrderId}-${date}`;
}

async function recordRun(
  db: Queryable,
  run: {
    standingOrderId: string;
    deliveryDate: string;
    outcome: "placed" | "nothing" | "refused";
    orderId?: string;
    message: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(standingOrderRuns)
    .values({ ...run, orderId: run.orderId ?? null })
    .onConflictDoNothing({ target: [standingOrderRuns.standingOrderId, standingOrderRuns.deliveryDate] })
    .returning({ id: standingOrderRuns.id });
  return inserted.length > 0;
}

/**
 * Makes every order that is due at `now` and not made yet. Safe in several processes at
 * once and after a crash at any point (see the top of this file).
 */
export async function makeDueStandingOrders(db: Queryable, now: Date = clockNow()): Promise<MadeResult> {
  const { values: settings } = await readShopSettings(db);
  const rules = deliveryRulesOf(settings);
  const active = await db
    .select({
      so: standingOrders,
      userName: users.name,
      userEmail: users.email,
    })
    .from(standingOrders)
    .innerJoin(users, eq(users.id, standingOrders.userId))
    .where(eq(standingOrders.status, "active"));
  if (active.length === 0) return { made: 0, notMade: 0 };
  const due = active.flatMap(({ so, userName, userEmail }) =>
    upcomingDeliveries(
      { weekdays: so.weekdays, deliverySlot: so.deliverySlot as DeliverySlot, pausedUntil: so.pausedUntil },
      rules,
      settings.standingLeadHours,
      now,
    )
      .filter((d) => d.makeAt.getTime() <= now.getTime())
      .map((d) => ({ so, userName, userEmail, ...d })),
  );
  if (due.length === 0) return { made: 0, notMade: 0 };
  const looked = await db
    .select({ id: standingOrderRuns.standingOrderId, date: standingOrderRuns.deliveryDate })
    .from(standingOrderRuns)
    .where(
      inArray(
        standingOrderRuns.standingOrderId,
        due.map((d) => d.so.id),
      ),
    );
  const done = new Set(looked.map((r) => `${r.id}|${r.date}`));
  const result: MadeResult = { made: 0, notMade: 0 };
  for (const item of due) {
    if (done.has(`${item.so.id}|${item.date}`)) continue;
    try {
      const outcome = await makeOne(db, item, now);
      if (outcome === "placed") result.made++;
      else if (outcome) result.notMade++;
    } catch (error) {
      // Left for the next look: the run row and the order key keep a retry from doubling it.
      log.warn("standing order not made, tried again at the next look", {
        standingOrderId: item.so.id,
        date: item.date,
        error,
      });
    }
  }
  return result;
}

async function makeOne(
  db: Queryable,
  item: {
    so: typeof standingOrders.$inferSelect;
    userName: string;
    userEmail: string;
    date: string;
    cutoff: Date;
  },
  now: Date,
): Promise<"placed" | "nothing" | "refused" | null> {
  const { so, date } = item;
  const slot = so.deliverySlot as DeliverySlot;
  const slotText = deliverySentence({ date, slot });
  // The standing order's number: a shopper who agreed to WhatsApp news hears it there too.
  const recipient = { userId: so.userId, email: item.userEmail, phone: so.recipientPhone, name: item.userName };
  const tellNotMade = async (tx: Queryable, outcome: "nothing" | "refused", reason: string) => {
    if (!(await recordRun(tx, { standingOrderId: so.id, deliveryDate: date, outcome, message: reason }))) return null;
    await notify(tx, {
      kind: "standing-order-not-made",
      subject: { name: so.recipientName, slot: slotText, reason, standingOrderId: so.id },
      recipient,
      dedupeKey: `standing-order-not-made:${so.id}:${date}`,
    });
    return outcome;
  };

  const { lines, changes } = await planStandingLines(db, so.id);
  if (lines.length === 0)
    return db.transaction((tx) =>
      tellNotMade(tx, "nothing", `tidak ada produk langganan yang tersedia. ${changes.join(" ")}`.trim()),
    );

  const placed = await placeOrder(
    db,
    { id: so.userId },
    {
      name: so.recipientName,
      phone: so.recipientPhone,
      address: so.recipientAddress,
      notes: so.notes,
      slot,
      deliveryDate: date,
      area: so.areaId,
      paymentMethod: (so.paymentMethod as PaymentMethod | null) ?? undefined,
      lines,
      idempotencyKey: orderKey(so.id, date),
    },
    { now, announce: false },
  );
  if (!placed.ok) {
    const reason = placed.message.replace(/\s*Periksa ringkasan lalu pesan lagi\.$/, "");
    return db.transaction((tx) => tellNotMade(tx, "refused", reason));
  }
  const order = placed.order;
  return db.transaction(async (tx) => {
    const recorded = await recordRun(tx, {
      standingOrderId: so.id,
      deliveryDate: date,
      outcome: "placed",
      orderId: order.id,
      message: changes.join(" "),
    });
    if (!recorded) {
      // The shopper skipped this date while the order was being made: the order goes again.
      const [run] = await tx
        .select({ outcome: standingOrderRuns.outcome, orderId: standingOrderRuns.orderId })
        .from(standingOrderRuns)
        .where(and(eq(standingOrderRuns.standingOrderId, so.id), eq(standingOrderRuns.deliveryDate, date)));
      if (run?.outcome === "skipped" && run.orderId !== order.id)
        await changeOrderStatus(tx, {
          orderId: order.id,
          status: "cancelled",
          changedBy: null,
          note: "Langganan dilewati",
          onlyFrom: "pending",
        });
      return null;
    }
    await notify(tx, {
      kind: "standing-order-made",
      subject: {
        name: so.recipientName,
        orderId: order.id,
        slot: slotText,
        changeUntil: formatDateTime(item.cutoff),
        changes,
        total: order.totalAmount,
      },
      recipient,
      dedupeKey: `standing-order-made:${order.id}`,
    });
    return "placed" as const;
  });
}

/** The outbox worker's look, once a minute in every process: the database keeps each order single. */
export const standingOrdersChore: OutboxChore = {
  name: "standing-orders",
  everyMs: 60_000,
  run: (db) => makeDueStandingOrders(db),
};
