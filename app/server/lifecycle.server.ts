// Start-up, shutdown and local control commands for the server entry (server/app.mjs).
import { newControlToken } from "~/db/data-dir-lock.server";
import { createOrPromoteAdmin } from "./admin-accounts.server";
import { createBackup } from "./backup.server";
import { config } from "./config.server";
import { closeDatabase, getDatabaseHandle } from "./db.server";
import { log } from "./logger.server";
import { pruneRateLimits } from "./rate-limit.server";

// Expired rate-limit windows are deleted now and then; every process may do it, the
// delete is idempotent.
const PRUNE_EVERY_MS = 60 * 60 * 1000;
let pruneTimer: NodeJS.Timeout | undefined;

/** A setting that makes the server refuse to start; start.mjs prints only its message. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export async function startServices({ port }: { port: number }): Promise<{ controlToken: string }> {
  const cfg = config();
  // A secret generated per machine would make a session signed by one app process invalid
  // on the next: with a shared database every process needs the same one.
  if (cfg.databaseUrl && cfg.isProduction && !cfg.explicitAuthSecret) {
    throw new ConfigError("BETTER_AUTH_SECRET wajib diisi (minimal 32 karakter, sama di semua server) saat memakai DATABASE_URL.");
  }
  const handle = await getDatabaseHandle();
  const controlToken = newControlToken();
  handle.updateLock?.({ port, controlToken });
  pruneTimer = setInterval(() => {
    pruneRateLimits(handle.db).catch((error) => log.warn("pruning rate limits failed", { error }));
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();
  log.info("database ready", { kind: handle.kind });
  return { controlToken };
}

export async function stopServices(): Promise<void> {
  clearInterval(pruneTimer);
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
        timer = setTimeout(() => reject(new Error(`database did not answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
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
export async function runControlCommand(command: string, input: unknown): Promise<{ status: number; body: unknown }> {
  switch (command) {
    case "admin-create": {
      const handle = await getDatabaseHandle();
      return createOrPromoteAdmin(handle.db, input);
    }
    case "backup": {
      const handle = await getDatabaseHandle();
      const archive = await createBackup(handle.db, config().uploadsDir);
      return { status: 200, body: { data: archive.toString("base64") } };
    }
    default:
      return { status: 404, body: { error: `Perintah tidak dikenal: ${command}` } };
  }
}
