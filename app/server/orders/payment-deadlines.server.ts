// 'Batas Bayar' kept by the clock: once a minute every open bill paid by QRIS or transfer is
// looked at (app/lib/payment-deadline.ts says when it is due). Inside the reminder window the
// shopper is told once ('payment-reminder', one per deadline: an extended deadline reminds
// again); past the deadline the order is cancelled through changeOrderStatus, which returns
// the stock through the one ledger, frees the slot place (a cancelled order counts nowhere)
// and tells the shopper why. Each order is decided under its row lock, so a payment recorded
// a moment before wins; cash on delivery, 'Lunas' and 'Menunggu Verifikasi' are never touched.
//
// The deadlines are facts of the orders themselves, so a server that was down catches up at
// its first look. With several processes on one PostgreSQL, the one holding the advisory lock
// does the round; the others find nothing left to do.
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { addDays, shopDate } from "~/lib/dates";
import {
  AUTO_CANCEL_NOTE,
  paymentDeadline,
  reminderAt,
  type DeadlineOrder,
  type PaymentDeadlineSetting,
} from "~/lib/payment-deadline";
import { now as clockNow } from "../clock.server";
import { log } from "../logger.server";
import { notify } from "../notifications/notify.server";
import { readShopSettings } from "../settings.server";
import { changeOrderStatus } from "./status.server";

const deadlineColumns = {
  id: orders.id,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  billFinalAt: orders.billFinalAt,
  deliveryDate: orders.deliveryDate,
  deliveryTime: orders.deliveryTime,
  paymentDueAt: orders.paymentDueAt,
};

// The same condition as the partial index orders_awaiting_payment_idx.
const awaitingPayment = and(
  inArray(orders.status, ["pending", "processing"]),
  inArray(orders.paymentMethod, ["qris", "transfer"]),
  inArray(orders.paymentStatus, ["unpaid", "rejected"]),
  isNotNull(orders.billFinalAt),
);

/** The payment deadline of one order as its pages show it (null: none). */
export async function orderPaymentDeadline(db: Queryable, order: DeadlineOrder): Promise<Date | null> {
  return paymentDeadline(order, (await readShopSettings(db)).values.paymentDeadline);
}

export type DeadlineRound = { reminded: string[]; cancelled: string[] } | { skipped: "busy" };

// Rounds under way, per database handle: one process never runs two; two processes (two
// handles) meet at the advisory lock.
const running = new WeakSet<Database>();

async function exclusively<T>(db: Database, kind: "pglite" | "postgres", work: (tx: Queryable) => Promise<T>) {
  if (running.has(db)) return { busy: true as const };
  running.add(db);
  try {
    if (kind === "pglite") return { busy: false as const, value: await work(db) };
    return await db.transaction(async (tx) => {
      const result = await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext('sayur-jember-payment-deadlines')) as got`,
      );
      const rows = ((result as { rows?: { got: boolean }[] }).rows ?? (result as unknown as { got: boolean }[])) as {
        got: boolean;
      }[];
      if (!rows[0]?.got) return { busy: true as const };
      return { busy: false as const, value: await work(tx) };
    });
  } finally {
    running.delete(db);
  }
}

/** One order, decided under its row lock: reminded, cancelled or left as it is. */
async function decide(db: Queryable, orderId: string, setting: PaymentDeadlineSetting, at: Date) {
  return db.transaction(async (tx): Promise<"reminded" | "cancelled" | null> => {
    const [order] = await tx.select(deadlineColumns).from(orders).where(eq(orders.id, orderId)).for("update");
    const deadline = order ? paymentDeadline(order, setting) : null;
    if (!order || !deadline) return null;
    if (at.getTime() >= deadline.getTime()) {
      const done = await changeOrderStatus(tx, {
        orderId,
        status: "cancelled",
        changedBy: null,
        note: AUTO_CANCEL_NOTE,
        onlyFrom: ["pending", "processing"],
      });
      if (!done.ok) {
        log.warn("unpaid order not cancelled at its deadline", { orderId, message: done.message });
        return null;
      }
      return "cancelled";
    }
    if (at.getTime() >= reminderAt(deadline, setting).getTime()) {
      const told = await notify(tx, {
        kind: "payment-reminder",
        order: orderId,
        dueAt: deadline,
        dedupeKey: `payment-reminder:${orderId}:${deadline.toISOString()}`,
      });
      return told ? "reminded" : null;
    }
    return null;
  });
}

/** One round: remind and cancel what is due at `at`. */
export async function runPaymentDeadlines(
  db: Database,
  kind: "pglite" | "postgres",
  at: Date = clockNow(),
): Promise<DeadlineRound> {
  const outcome = await exclusively(db, kind, async (tx) => {
    const setting = (await readShopSettings(tx)).values.paymentDeadline;
    const done = { reminded: [] as string[], cancelled: [] as string[] };
    if (!setting.active) return done;
    // A deadline is at most a day after the slot's date (a late final bill); staff may set
    // later ones, which are read too.
    const candidates = await tx
      .select(deadlineColumns)
      .from(orders)
      .where(
        and(
          awaitingPayment,
          sql`(${orders.paymentDueAt} is not null or ${lte(orders.deliveryDate, addDays(shopDate(at), 3))})`,
        ),
      );
    for (const candidate of candidates) {
      const deadline = paymentDeadline(candidate, setting);
      if (!deadline || at.getTime() < reminderAt(deadline, setting).getTime()) continue;
      try {
        const result = await decide(tx, candidate.id, setting, at);
        if (result) done[result].push(candidate.id);
      } catch (error) {
        log.error("payment deadline round failed for an order", { orderId: candidate.id, error });
      }
    }
    if (done.cancelled.length > 0 || done.reminded.length > 0) log.info("payment deadlines", done);
    return done;
  });
  return outcome.busy ? { skipped: "busy" } : outcome.value;
}

// ---------------------------------------------------------------- this process's schedule

const CHECK_EVERY_MS = 60_000;
let timer: NodeJS.Timeout | undefined;
let tick: Promise<unknown> | undefined;

/** Looks once a minute (the first look a minute after start: that is the catch-up). */
export function startPaymentDeadlines(db: Database, kind: "pglite" | "postgres"): void {
  const look = () => {
    if (tick) return;
    tick = runPaymentDeadlines(db, kind)
      .catch((error: unknown) => log.error("payment deadline round failed", { error }))
      .finally(() => {
        tick = undefined;
      });
  };
  clearInterval(timer);
  timer = setInterval(look, CHECK_EVERY_MS);
  timer.unref();
}

/** Stops looking and waits for a round under way (server shutdown). */
export async function stopPaymentDeadlines(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await tick;
}
