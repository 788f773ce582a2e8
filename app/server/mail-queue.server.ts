// The durable outgoing-mail queue. Actions never send mail themselves: they store it here
// (`enqueueMail`, ideally inside their own transaction, so the mail exists exactly when the
// change it reports does), and the mail worker of each server process sends it through
// mail.server.ts. A send that fails is retried with growing pauses and the log says so; the
// action that caused the mail has long answered by then.
//
//   import { enqueueMail } from "~/server/mail-queue.server";
//   import { composeMail } from "~/server/mail-templates.server";
//   await enqueueMail(tx, "low-stock-digest", composeMail({ to, subject, paragraphs, table }));
//
// Several app processes may share the database: a worker claims due rows with
// FOR UPDATE SKIP LOCKED and pushes their next attempt past the claim time before it sends,
// so two workers never pick the same row.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { mailQueue } from "~/db/schema";
import { log } from "./logger.server";
import { sendMail, type MailMessage } from "./mail.server";

/** After this many failed sends a mail is given up ('failed') and logged as an error. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claimed mail belongs to its worker; past it (a crashed process) another may send it. */
const CLAIM_MS = 10 * 60 * 1000;
const BATCH = 20;
const POLL_MS = 5_000;

/** Pause before attempt n+1 after n failures: 30 s, 1 min, 2 min ... at most 1 h. */
export function retryDelayMs(failures: number): number {
  return Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, failures - 1));
}

export type EnqueueOptions = {
  /** One mail per key, ever: a second enqueue with the same key stores nothing. */
  dedupeKey?: string;
  /** Earliest time to send (default now). */
  notBefore?: Date;
};

/**
 * Stores a mail for the worker to send. Never throws: a mail that cannot even be queued is
 * logged and the caller's action goes on (inside a transaction it runs in a savepoint, so a
 * failed insert does not abort the caller's transaction). Returns whether a row was stored.
 */
export async function enqueueMail(
  db: Queryable,
  kind: string,
  message: MailMessage,
  options: EnqueueOptions = {},
): Promise<boolean> {
  try {
    const stored = await db.transaction(async (sp) =>
      sp
        .insert(mailQueue)
        .values({
          kind,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          dedupeKey: options.dedupeKey ?? null,
          nextAttemptAt: options.notBefore ?? new Date(),
        })
        .onConflictDoNothing({ target: mailQueue.dedupeKey })
        .returning({ id: mailQueue.id }),
    );
    if (stored.length > 0) wakeMailWorker();
    return stored.length > 0;
  } catch (error) {
    log.error("mail could not be queued", { kind, subject: message.subject, error });
    return false;
  }
}

type Sender = (message: MailMessage) => Promise<void>;

/**
 * Sends the mails that are due, up to `limit`, and returns how many were sent and how many
 * wait for a retry. Safe to run in several processes at once.
 */
export async function processMailQueue(
  db: Queryable,
  { send = sendMail, now = () => new Date(), limit = BATCH }: { send?: Sender; now?: () => Date; limit?: number } = {},
): Promise<{ sent: number; retrying: number; failed: number }> {
  const claimedAt = now();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(eq(mailQueue.status, "pending"), lte(mailQueue.nextAttemptAt, claimedAt)))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailQueue)
      .set({
        attempts: sql`${mailQueue.attempts} + 1`,
        nextAttemptAt: new Date(claimedAt.getTime() + CLAIM_MS),
      })
      .where(
        inArray(
          mailQueue.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });

  const result = { sent: 0, retrying: 0, failed: 0 };
  for (const row of claimed) {
    try {
      await send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody ?? undefined });
      await db
        .update(mailQueue)
        .set({ status: "sent", sentAt: now(), lastError: null })
        .where(eq(mailQueue.id, row.id));
      result.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (row.attempts >= MAIL_MAX_ATTEMPTS) {
        await db
          .update(mailQueue)
          .set({ status: "failed", lastError: message.slice(0, 1000) })
          .where(eq(mailQueue.id, row.id));
        log.error("mail given up after repeated failures", {
          mailId: row.id,
          kind: row.kind,
          to: row.toAddress,
          attempts: row.attempts,
          error,
        });
        result.failed++;
      } else {
        const delay = retryDelayMs(row.attempts);
        const retryAt = new Date(now().getTime() + delay);
        await db
          .update(mailQueue)
          .set({ nextAttemptAt: retryAt, lastError: message.slice(0, 1000) })
          .where(eq(mailQueue.id, row.id));
        log.warn("mail not sent, waiting for retry", {
          mailId: row.id,
          kind: row.kind,
          to: row.toAddress,
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
 * Periodic work that ends in a mail (the daily low-stock digest): the worker runs it before
 * sending, at most every `everyMs`, so it needs no timer of its own and stops with the worker.
 * A chore must be safe in several processes at once (it decides in the database, e.g. with a
 * `dedupeKey`), and a failing chore is logged and tried again at its next turn.
 */
export type MailChore = { name: string; everyMs: number; run: (db: Queryable) => Promise<unknown> };

type Worker = {
  db: Queryable;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  stopped: boolean;
  again: boolean;
  chores: { chore: MailChore; dueAt: number }[];
};

async function runDueChores(w: Worker): Promise<void> {
  for (const entry of w.chores) {
    if (w.stopped || Date.now() < entry.dueAt) continue;
    entry.dueAt = Date.now() + entry.chore.everyMs;
    try {
      await entry.chore.run(w.db);
    } catch (error) {
      log.warn("mail worker chore failed", { chore: entry.chore.name, error });
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
        const { sent, retrying, failed } = await processMailQueue(w.db);
        // A full batch means more may be due at once.
        if (w.stopped || (sent + retrying + failed < BATCH && !w.again)) break;
      }
    } catch (error) {
      log.warn("mail worker could not read the queue", { error });
    }
  })();
  await w.running;
  w.running = undefined;
  schedule(w, POLL_MS);
}

/** Starts sending queued mail from this process (server start-up), with its chores (first run at once). */
export function startMailWorker(db: Queryable, chores: MailChore[] = []): void {
  if (worker && !worker.stopped) return;
  worker = { db, stopped: false, again: false, chores: chores.map((chore) => ({ chore, dueAt: 0 })) };
  schedule(worker, 1_000);
}

/** A mail was queued: send it soon rather than at the next poll (after the caller's commit). */
export function wakeMailWorker(): void {
  if (worker && !worker.stopped && !worker.running) schedule(worker, 250);
  else if (worker?.running) worker.again = true;
}

/** Stops the worker and waits for a send in progress (server shutdown). */
export async function stopMailWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (!w) return;
  w.stopped = true;
  clearTimeout(w.timer);
  await w.running;
}
