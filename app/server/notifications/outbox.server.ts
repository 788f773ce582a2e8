// The outbox worker: one per server process, for every channel. It sends the deliveries
// `notify` stored, through the channel each names, and retries a failed send with growing
// pauses (the log says so); the action that caused the news has long answered by then.
//
// Several app processes may share the database: a worker claims due rows with
// FOR UPDATE SKIP LOCKED and pushes their next attempt past the claim time before it sends,
// so two workers never pick the same row, and a crashed process's rows are retried.
// Its times come from the shop's clock (clock.server.ts), so tests drive it.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { notificationDeliveries, notificationEvents } from "~/db/schema";
import { now as clockNow } from "~/server/clock.server";
import { log } from "~/server/logger.server";
import { channelById, FinalSendError } from "./channels.server";

/** After this many failed sends a delivery is given up ('failed') and logged as an error. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed row belongs to its worker; past it (a crashed process) another may send it. */
const CLAIM_MS = 10 * 60 * 1000;
const BATCH = 20;
const POLL_MS = 5_000;

/** Pause before attempt n+1 after n failures: 30 s, 1 min, 2 min ... at most 1 h. */
export function retryDelayMs(failures: number): number {
  return Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, failures - 1));
}

/** Replaces a channel's transport (tests): channel id to a sender of that channel's messages. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Senders = Partial<Record<string, (message: any) => Promise<void>>>;

/**
 * Sends the deliveries that are due, up to `limit`, and returns how many were sent and how
 * many wait for a retry. Safe to run in several processes at once.
 */
export async function processOutbox(
  db: Queryable,
  { send = {}, now = clockNow, limit = BATCH }: { send?: Senders; now?: () => Date; limit?: number } = {},
): Promise<{ sent: number; retrying: number; failed: number }> {
  const claimedAt = now();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.status, "pending"), lte(notificationDeliveries.nextAttemptAt, claimedAt)))
      .orderBy(asc(notificationDeliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(notificationDeliveries)
      .set({
        attempts: sql`${notificationDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(claimedAt.getTime() + CLAIM_MS),
      })
      .where(
        inArray(
          notificationDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });

  const kinds = new Map(
    claimed.length === 0
      ? []
      : (
          await db
            .select({ id: notificationEvents.id, kind: notificationEvents.kind, orderId: notificationEvents.orderId })
            .from(notificationEvents)
            .where(
              inArray(
                notificationEvents.id,
                claimed.map((r) => r.eventId),
              ),
            )
        ).map((e) => [e.id, e]),
  );

  const result = { sent: 0, retrying: 0, failed: 0 };
  for (const row of claimed) {
    const event = kinds.get(row.eventId);
    const about = { deliveryId: row.id, channel: row.channel, kind: event?.kind, to: row.address };
    try {
      const channel = channelById(row.channel);
      if (!channel) throw new Error(`unknown channel '${row.channel}'`);
      const message = channel.message(row.address, row.content);
      const context = { db, deliveryId: row.id, orderId: event?.orderId ?? null, kind: event?.kind };
      await (send[channel.id] ?? ((m: unknown) => channel.send(m, context)))(message);
      await db
        .update(notificationDeliveries)
        .set({ status: "sent", sentAt: now(), lastError: null })
        .where(eq(notificationDeliveries.id, row.id));
      result.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (row.attempts >= MAX_ATTEMPTS || error instanceof FinalSendError) {
        await db
          .update(notificationDeliveries)
          .set({ status: "failed", lastError: message.slice(0, 1000) })
          .where(eq(notificationDeliveries.id, row.id));
        log.error("notification given up after repeated failures", { ...about, attempts: row.attempts, error });
        result.failed++;
      } else {
        const retryAt = new Date(now().getTime() + retryDelayMs(row.attempts));
        await db
          .update(notificationDeliveries)
          .set({ nextAttemptAt: retryAt, lastError: message.slice(0, 1000) })
          .where(eq(notificationDeliveries.id, row.id));
        log.warn("notification not sent, waiting for retry", {
          ...about,
          attempt: row.attempts,
          retryAt: retryAt.toISOString(),
          error,
        });
        result.retrying++;
      }
    }
  }
  return result;
}

// ---------------------------------------------------------------- the worker of this process

/**
 * Periodic work that ends in news (the daily low-stock digest, back-in-stock alerts): the
 * worker runs it before sending, at most every `everyMs`, so it needs no timer of its own and
 * stops with the worker. A chore must be safe in several processes at once (it decides in the
 * database, e.g. with a `dedupeKey`), and a failing chore is logged and tried again at its next turn.
 */
export type OutboxChore = { name: string; everyMs: number; run: (db: Queryable) => Promise<unknown> };

type Worker = {
  db: Queryable;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  stopped: boolean;
  again: boolean;
  chores: { chore: OutboxChore; dueAt: number }[];
};

async function runDueChores(w: Worker): Promise<void> {
  for (const entry of w.chores) {
    if (w.stopped || Date.now() < entry.dueAt) continue;
    entry.dueAt = Date.now() + entry.chore.everyMs;
    try {
      await entry.chore.run(w.db);
    } catch (error) {
      log.warn("outbox worker chore failed", { chore: entry.chore.name, error });
    }
  }
}
let worker: Worker | undefined;

function schedule(w: Worker, ms: number) {
  if (w.stopped) return;
  clearTimeout(w.timer);
  w.timer = setTimeout(() => void run(w), ms);
  w.timer.unref();
}

async function run(w: Worker): Promise<void> {
  if (w.running) {
    w.again = true;
    return;
  }
  w.running = (async () => {
    await runDueChores(w);
    try {
      for (;;) {
        w.again = false;
        const { sent, retrying, failed } = await processOutbox(w.db);
        // A full batch means more may be due at once.
        if (w.stopped || (sent + retrying + failed < BATCH && !w.again)) break;
      }
    } catch (error) {
      log.warn("outbox worker could not read the outbox", { error });
    }
  })();
  await w.running;
  w.running = undefined;
  schedule(w, POLL_MS);
}

/** Starts sending stored news from this process (server start-up), with its chores (first run at once). */
export function startOutboxWorker(db: Queryable, chores: OutboxChore[] = []): void {
  if (worker && !worker.stopped) return;
  worker = { db, stopped: false, again: false, chores: chores.map((chore) => ({ chore, dueAt: 0 })) };
  schedule(worker, 1_000);
}

/** News was stored: send it soon rather than at the next poll (after the caller's commit). */
export function wakeOutbox(): void {
  if (worker && !worker.stopped && !worker.running) schedule(worker, 250);
  else if (worker?.running) worker.again = true;
}

/** Stops the worker and waits for a send in progress (server shutdown). */
export async function stopOutboxWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (!w) return;
  w.stopped = true;
  clearTimeout(w.timer);
  await w.running;
}
