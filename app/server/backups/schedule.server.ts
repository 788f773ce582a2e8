// Backups that happen by themselves: every day at the set hour (BACKUP_HOUR, default 03:00
// Jakarta) a full backup (app/server/backups/backup.server.ts, streamed: memory stays small whatever
// the shop's size) is written into BACKUP_DIR (default DATA_DIR/backups), or the S3 bucket
// when one is configured (store.server.ts), and only the
// newest BACKUP_KEEP (default 14) of each kind are kept. The files themselves are the record:
// their names carry the time they were made, so a server that was down at the hour makes the
// missed backup as soon as it is up again, and nothing else needs storing.
//
// Each process looks once a minute, asking the shop's clock (clock.server.ts), so tests move
// the clock instead of waiting. With several processes on one PostgreSQL, the one that gets
// the advisory lock makes the backup; the others find it made when they look again.
import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addDays, shopDate } from "~/lib/dates";
import { writeBackup } from "./backup.server";
import { now as clockNow } from "../clock.server";
import { config, type S3Config } from "../config.server";
import { log } from "../logger.server";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { assertOwner, type AdminActor } from "../accounts/actor.server";
import {
  backupName,
  backupStoreOf,
  isBackupName,
  listBackupFiles,
  type BackupEntry,
  type BackupKind,
  type BackupStore,
} from "./store.server";

export { backupName, isBackupName, type BackupEntry, type BackupKind } from "./store.server";

export type BackupOptions = {
  dir: string;
  /** The bucket, when the backups go there instead of `dir`. */
  s3?: S3Config;
  uploadsDir: string;
  /** Hour of the day (Jakarta) of the daily backup. */
  hour: number;
  /** How many of each kind are kept. */
  keep: number;
  /** "pglite": one process holds the data, no lock in the database is needed (or possible beside a running backup). */
  databaseKind: "pglite" | "postgres";
};

export function backupOptions(databaseKind: "pglite" | "postgres"): BackupOptions {
  const cfg = config();
  return {
    dir: cfg.backupDir,
    s3: cfg.s3,
    uploadsDir: cfg.uploadsDir,
    hour: cfg.backupHour,
    keep: cfg.backupKeep,
    databaseKind,
  };
}

/** The backups in a folder, newest first. */
export const listBackups = listBackupFiles;

/** The latest daily backup time at or before `now`: today's hour in Jakarta, or yesterday's. */
export function lastScheduledAt(now: Date, hour: number): Date {
  const hh = String(hour).padStart(2, "0");
  const today = shopDate(now);
  const todays = new Date(`${today}T${hh}:00:00+07:00`);
  return todays.getTime() <= now.getTime() ? todays : new Date(`${addDays(today, -1)}T${hh}:00:00+07:00`);
}

/** The newest backup of either kind, for the dashboard's warning. */
export async function lastBackupAt(store: BackupStore): Promise<Date | null> {
  return (await store.list())[0]?.createdAt ?? null;
}

/** Older than this, the staff dashboard warns that the shop has no recent backup. */
export const STALE_BACKUP_MS = 2 * 24 * 60 * 60 * 1000;

export function backupIsStale(last: Date | null, at: Date): boolean {
  return !last || at.getTime() - last.getTime() > STALE_BACKUP_MS;
}

let running = false;

/**
 * Runs `work` only if no other backup runs: in this process (a flag) and, on PostgreSQL, in
 * any process (a transaction-level advisory lock, released when the transaction ends, even
 * when the process dies). "busy" when another one has it.
 */
async function exclusively<T>(db: Database, kind: BackupOptions["databaseKind"], work: () => Promise<T>) {
  if (running) return { busy: true as const };
  running = true;
  try {
    if (kind === "pglite") return { busy: false as const, value: await work() };
    return await db.transaction(async (tx) => {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('sayur-jember-backup')) as got`);
      const rows = ((result as { rows?: { got: boolean }[] }).rows ?? (result as unknown as { got: boolean }[])) as {
        got: boolean;
      }[];
      if (!rows[0]?.got) return { busy: true as const };
      return { busy: false as const, value: await work() };
    });
  } finally {
    running = false;
  }
}

async function makeBackup(db: Database, options: BackupOptions, kind: BackupKind, at: Date) {
  const store = backupStoreOf(options);
  const name = backupName(kind, at);
  const started = performance.now();
  const result = await writeBackup(db, options.uploadsDir, store.create(name));
  const removed = await pruneBackups(store, kind, options.keep);
  log.info("backup made", {
    name,
    kind,
    place: store.place,
    ...result,
    removed,
    ms: Math.round(performance.now() - started),
  });
  return name;
}

/** Keeps the newest `keep` backups of `kind`, deletes the rest; returns how many went. */
export async function pruneBackups(store: BackupStore, kind: BackupKind, keep: number): Promise<number> {
  const old = (await store.list()).filter((b) => b.kind === kind).slice(keep);
  for (const b of old) await store.remove(b.name);
  return old.length;
}

export type DueResult = { made: string } | { skipped: "not-due" | "busy" };

/** The daily backup, when the last one is older than the latest scheduled hour (a missed one is made late). */
export async function runDueBackup(db: Database, options: BackupOptions, at: Date = clockNow()): Promise<DueResult> {
  const due = lastScheduledAt(at, options.hour);
  const store = backupStoreOf(options);
  const isDone = async () => (await store.list()).some((b) => b.kind === "auto" && b.createdAt >= due);
  if (await isDone()) return { skipped: "not-due" };
  const outcome = await exclusively(db, options.databaseKind, async () => {
    // Another process may have made it while this one waited for the database.
    if (await isDone()) return null;
    return makeBackup(db, options, "auto", at);
  });
  if (outcome.busy) return { skipped: "busy" };
  return outcome.value ? { made: outcome.value } : { skipped: "not-due" };
}

/** 'Cadangkan Sekarang': a backup now, unless one is being made already. */
export async function backupNow(db: Database, options: BackupOptions, at: Date = clockNow()): Promise<DueResult> {
  const outcome = await exclusively(db, options.databaseKind, () => makeBackup(db, options, "manual", at));
  return outcome.busy ? { skipped: "busy" } : { made: outcome.value };
}

// ---------------------------------------------------------------- this process's schedule

const CHECK_EVERY_MS = 60_000;
let timer: NodeJS.Timeout | undefined;
let tick: Promise<unknown> | undefined;

/**
 * Looks once a minute; a missed backup is made at the first look after start. Not at once:
 * a server started for a moment (a test, a quick check) leaves the disk as it was.
 */
export function startBackupSchedule(db: Database, options: BackupOptions): void {
  const look = () => {
    if (tick) return;
    tick = runDueBackup(db, options)
      .catch((error: unknown) => log.error("scheduled backup failed", { error }))
      .finally(() => {
        tick = undefined;
      });
  };
  clearInterval(timer);
  timer = setInterval(look, CHECK_EVERY_MS);
  timer.unref();
}

/** Stops looking and waits for a backup being written (server shutdown). */
export async function stopBackupSchedule(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await tick;
}

// ---------------------------------------------------------------- the owner's page

function configuredOptions(): BackupOptions {
  return backupOptions(config().databaseUrl ? "postgres" : "pglite");
}

/** Where this shop's backups are (the folder, or the bucket when configured). */
export function configuredBackupStore(): BackupStore {
  return backupStoreOf(configuredOptions());
}

/** The backups the owner's settings page lists. */
export async function listBackupsFor(actor: AdminActor): Promise<BackupEntry[]> {
  assertOwner(actor);
  return configuredBackupStore().list();
}

/** 'Cadangkan Sekarang' from the settings page. */
export async function backupNowFor(db: Database, actor: AdminActor): Promise<FormResult<{ name: string }>> {
  assertOwner(actor);
  const result = await backupNow(db, configuredOptions());
  if ("skipped" in result)
    return formFailure(409, "Cadangan lain sedang dibuat. Tunggu sebentar, lalu muat ulang halaman.");
  log.info("backup made on request", { by: actor.id, name: result.made });
  return formSuccess("Cadangan dibuat.", { name: result.made });
}

/** 'Unduh': one backup file as a stream, or null for a name that is not one of them. */
export async function openBackupFor(
  actor: AdminActor,
  name: string,
): Promise<{ stream: Readable; size: number } | null> {
  assertOwner(actor);
  if (!isBackupName(name)) return null;
  return configuredBackupStore().open(name);
}
