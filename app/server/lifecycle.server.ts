// Start-up, shutdown and local control commands for the server entry (server/app.mjs).
import { newControlToken } from "~/db/data-dir-lock.server";
import { createOrPromoteAdmin } from "./accounts/staff.server";
import { PassThrough } from "node:stream";
import { stopWarmingHeldDays, warmHeldDays } from "./reports/best-sellers.server";
import { writeBackup } from "./backups/backup.server";
import { config } from "./config.server";
import type { DatabaseHandle } from "~/db/client.server";
import { shopToday } from "./clock.server";
import { closeDatabase, getDatabaseHandle } from "./db.server";
import { log } from "./logger.server";
import { lowStockDigestChore } from "./catalog/low-stock.server";
import { startOutboxWorker, stopOutboxWorker, wakeOutbox } from "./notifications/outbox.server";
import { expiredConfirmationsChore, STOCK_ALERTS_CHANNEL, stockAlertsChore } from "./catalog/stock-alerts.server";
import { closeOrderEventStreams } from "./orders/events.server";
import { pruneRateLimits } from "./rate-limit.server";
import { standingOrdersChore } from "./standing-orders/make.server";
import { backupOptions, startBackupSchedule, stopBackupSchedule } from "./backups/schedule.server";
import { startPaymentDeadlines, stopPaymentDeadlines } from "./orders/payment-deadlines.server";
import { startPriceSchedule, stopPriceSchedule } from "./catalog/price-schedule.server";
import { loadShopIdentity } from "./shop/identity.server";
import { SAMPLE_WHATSAPP } from "~/lib/shop-identity";
import { announceSetupLink, ensureSetupToken, setupLink } from "./accounts/setup.server";

// Expired rate-limit windows are deleted now and then; every process may do it, the
// delete is idempotent.
const PRUNE_EVERY_MS = 60 * 60 * 1000;
let pruneTimer: NodeJS.Timeout | undefined;
let stopStockAlertListener: (() => Promise<void>) | undefined;
let warmedDb: DatabaseHandle["db"] | undefined;

/** A setting that makes the server refuse to start; start.mjs prints only its message. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export async function startServices({ port }: { port: number }): Promise<{ controlToken: string }> {
  const cfg = config();
  // A secret generated per machine would make a session signed by one app process invalid
  // on the next: with a shared database every process needs the same one.
  if (cfg.databaseUrl && cfg.isProduction && !cfg.explicitAuthSecret) {
    throw new ConfigError(
      "BETTER_AUTH_SECRET wajib diisi (minimal 32 karakter, sama di semua server) saat memakai DATABASE_URL.",
    );
  }
  const handle = cfg.databaseUrl ? await waitForDatabase(cfg.databaseStartupWaitSeconds) : await getDatabaseHandle();
  const controlToken = newControlToken();
  handle.updateLock?.({ port, controlToken });
  pruneTimer = setInterval(() => {
    pruneRateLimits(handle.db).catch((error) => log.warn("pruning rate limits failed", { error }));
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();
  startOutboxWorker(handle.db, [lowStockDigestChore, stockAlertsChore, expiredConfirmationsChore, standingOrdersChore]);
  // A product back in stock (any process, any path) wakes the worker to mail its waiting shoppers.
  stopStockAlertListener = await handle.listen(STOCK_ALERTS_CHANNEL, wakeOutbox).catch((error: unknown) => {
    log.warn("back-in-stock alerts wait for the outbox worker's poll", { error });
    return undefined;
  });
  log.info("database ready", { kind: handle.kind });
  // A shop without an owner shows whoever runs it the one-time set-up link.
  await announceSetupLink(handle.db).catch((error: unknown) => log.warn("set-up link not made", { error }));
  await warnOfSampleWhatsapp(handle.db);
  warmBestSellers(handle.db);
  startBackupSchedule(handle.db, backupOptions(handle.kind));
  startPaymentDeadlines(handle.db, handle.kind);
  startPriceSchedule(handle.db);
  return { controlToken };
}

/** Shoppers' chat buttons would go to nobody: whoever starts the server is told at once. */
async function warnOfSampleWhatsapp(db: DatabaseHandle["db"]) {
  const shop = await loadShopIdentity(db).catch(() => null);
  if (shop?.whatsapp === SAMPLE_WHATSAPP)
    log.warn("the shop's WhatsApp number is still the sample one: set it in Pengaturan Toko > Identitas Toko", {
      whatsapp: shop.whatsapp,
    });
}

/**
 * The report's best sellers are ranked from per-day product figures this process holds
 * (best-sellers.server.ts); reading a year of them takes seconds with a large catalog. They
 * are read now, in the background: the server already listens and start-up does not wait.
 * Should it fail, the first report read loads what it needs itself.
 */
function warmBestSellers(db: DatabaseHandle["db"]) {
  const started = performance.now();
  warmedDb = db;
  warmHeldDays(db, shopToday()).then(
    () => log.info("best sellers' figures loaded", { ms: Math.round(performance.now() - started) }),
    (error: unknown) =>
      log.warn("loading the best sellers' figures at start failed; reports load them when read", { error }),
  );
}

/**
 * After a reboot the shop may start before PostgreSQL accepts connections (or before a
 * container network knows its name). Rather than exit and leave it to a process manager,
 * keep trying for a while; meanwhile the server already listens, so shoppers get the 503
 * 'sedang gangguan' page and load balancers a failing /healthz. Only errors that a waiting
 * server can outlive are retried: a wrong password or database name fails at once.
 */
async function waitForDatabase(waitSeconds: number): Promise<DatabaseHandle> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await getDatabaseHandle();
    } catch (error) {
      if (!isTransientConnectionError(error) || Date.now() >= deadline) {
        if (isTransientConnectionError(error)) {
          throw new ConfigError(
            `Database PostgreSQL tidak bisa dihubungi setelah ${waitSeconds} detik (${describeError(error)}). Periksa DATABASE_URL dan apakah server PostgreSQL berjalan.`,
          );
        }
        throw error;
      }
      const delayMs = Math.min(5_000, 250 * 2 ** Math.min(attempt, 5));
      log.warn("waiting for the database", { attempt, retryInMs: delayMs, error: describeError(error) });
      await new Promise((resolve) => setTimeout(resolve, Math.min(delayMs, Math.max(0, deadline - Date.now()))));
    }
  }
}

// Network errors from Node, and PostgreSQL's own "not ready yet" and "too many clients".
const TRANSIENT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EPIPE",
  "57P03",
  "53300",
]);
const TRANSIENT_MESSAGES =
  /connection terminated|timeout expired|connection timeout|the database system is (starting up|shutting down)/i;

export function isTransientConnectionError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === "string" && TRANSIENT_CODES.has(code)) return true;
    if (typeof message === "string" && TRANSIENT_MESSAGES.test(message)) return true;
    // Node reports a refused connection to every address of a host as one AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isTransientConnectionError(inner))) return true;
  }
  return false;
}

function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return [code, message].filter((part) => typeof part === "string" && part).join(": ") || String(error);
}

export async function stopServices(): Promise<void> {
  clearInterval(pruneTimer);
  await stopBackupSchedule();
  await stopPaymentDeadlines();
  await stopPriceSchedule();
  await stopStockAlertListener?.().catch(() => {});
  stopStockAlertListener = undefined;
  await stopOutboxWorker();
  await closeOrderEventStreams();
  // A start-up load still running stops after the block it is reading (at most a month).
  if (warmedDb) await stopWarmingHeldDays(warmedDb);
  warmedDb = undefined;
  await closeDatabase();
}

/** A database that takes longer than this to answer `select 1` counts as down. */
const HEALTH_TIMEOUT_MS = 2_000;

export async function checkHealth(): Promise<{ ok: boolean; database: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const handle = await getDatabaseHandle();
    // Bounded: a stalled database must not add the pool's connect timeout to every 503 page.
    await Promise.race([
      handle.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`database did not answer within ${HEALTH_TIMEOUT_MS} ms`)),
          HEALTH_TIMEOUT_MS,
        );
      }),
    ]);
    return { ok: true, database: handle.kind };
  } catch (error) {
    log.warn("health check failed", { error });
    return { ok: false, database: "unavailable" };
  } finally {
    clearTimeout(timer);
  }
}

/** Commands that scripts send to the running server instead of opening its database. */
export async function runControlCommand(
  command: string,
  input: unknown,
): Promise<{ status: number; body: unknown; stream?: NodeJS.ReadableStream }> {
  switch (command) {
    case "admin-create": {
      const handle = await getDatabaseHandle();
      return createOrPromoteAdmin(handle.db, input);
    }
    case "backup": {
      // Streamed to the script as it is written: the server never holds the whole backup.
      const handle = await getDatabaseHandle();
      const stream = new PassThrough();
      writeBackup(handle.db, config().uploadsDir, stream).catch((error) => {
        log.error("backup failed", { error });
        stream.destroy(error as Error);
      });
      return { status: 200, body: null, stream };
    }
    case "setup-link": {
      const handle = await getDatabaseHandle();
      const token = await ensureSetupToken(handle.db);
      return { status: 200, body: { link: token ? setupLink(token) : null } };
    }
    default:
      return { status: 404, body: { error: `Perintah tidak dikenal: ${command}` } };
  }
}
