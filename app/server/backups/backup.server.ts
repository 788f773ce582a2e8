// Backups of everything the shop keeps: every table (as JSON rows, read in one consistent
// snapshot) and every uploaded image, in one gzip file. The same format restores into the
// embedded database or PostgreSQL, so it also moves a shop from one to the other.
//
// The file is streamed both ways, one JSON line per row and per image, so memory stays
// bounded whatever the shop's size: rows are read through a cursor a batch at a time, and a
// restore inserts a batch at a time. Sessions and one-time tokens (verifications) are left
// out: they are live secrets, and after a restore everyone simply signs in again. Resized
// image copies are left out too: they are made again on the first request.
import { once } from "node:events";
import { createWriteStream, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { PassThrough, Readable, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/** Parents before children, so a restore never breaks a foreign key. */
export const BACKUP_TABLES = [
  "users",
  "accounts",
  "categories",
  "search_synonyms",
  "partner_applications",
  "suppliers",
  "products",
  "favorites",
  "stock_alerts",
  "promos",
  "orders",
  "order_items",
  "order_status_history",
  "order_changes",
  "balance_entries",
  "transfer_codes",
  "bank_statement_lines",
  "stock_adjustments",
  "price_changes",
  "scheduled_prices",
  "standing_orders",
  "standing_order_lines",
  "standing_order_runs",
  "courier_runs",
  "courier_stops",
  "stop_positions",
  "courier_actions",
  "contact_messages",
  "shop_settings",
  "shop_settings_history",
] as const;

/**
 * Kept out of every backup: sessions and one-time tokens (see above); rate-limit counters
 * (they only matter for minutes); the catalog version and the live-order event log (the
 * database's own triggers write them again as the restored rows go in, as they do the per-day
 * sales figures, their day counters and the search's copy of the product names and its word
 * list); the notifications and their deliveries (they were sent, or will be, by the shop that
 * was backed up: a restore must not send them twice); the WhatsApp connection (its access token
 * and app secret must never sit in a backup file) and the WhatsApp messages and their statuses
 * (tied to those deliveries).
 */
export const TABLES_LEFT_OUT = [
  "sessions",
  "verifications",
  "rate_limits",
  "catalog_state",
  "order_events",
  "order_day_stats",
  "order_product_day_stats",
  "order_product_day_versions",
  "product_search",
  "search_words",
  "notification_events",
  "notification_deliveries",
  "whatsapp_connection",
  "whatsapp_messages",
  "whatsapp_status_events",
] as const;

const FORMAT = "sayur-jember-backup";
const ROWS_PER_BATCH = 1000;

type Line =
  | { format: typeof FORMAT; version: 2; createdAt: string }
  | { table: string; row: Record<string, unknown> }
  | { upload: string; data: string }
  | { end: true; rows: number; uploads: number };

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[])) as Record<
    string,
    unknown
  >[];
}

function listFiles(dir: string, prefix = ""): string[] {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    if (!prefix && name === "variants") return [];
    return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** Streams a whole backup (gzip, one JSON line per row and per image) into `out`. */
export async function writeBackup(
  db: Database,
  uploadsDir: string,
  out: Writable,
): Promise<{ rows: number; uploads: number }> {
  const gzip = createGzip();
  gzip.pipe(out);
  const done = finished(out);
  const write = async (line: Line) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, "drain");
  };
  let rows = 0;
  await write({ format: FORMAT, version: 2, createdAt: new Date().toISOString() });
  await db.transaction(
    async (tx) => {
      for (const table of BACKUP_TABLES) {
        await tx.execute(
          sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as r from ${sql.identifier(table)} t`,
        );
        for (;;) {
          const batch = rowsOf(await tx.execute(sql.raw(`fetch ${ROWS_PER_BATCH} from backup_rows`)));
          for (const { r } of batch) {
            await write({ table, row: (typeof r === "string" ? JSON.parse(r) : r) as Record<string, unknown> });
            rows++;
          }
          if (batch.length < ROWS_PER_BATCH) break;
        }
        await tx.execute(sql`close backup_rows`);
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const files = listFiles(uploadsDir);
  for (const name of files)
    await write({ upload: name, data: readFileSync(path.join(uploadsDir, name)).toString("base64") });
  await write({ end: true, rows, uploads: files.length });
  gzip.end();
  await done;
  return { rows, uploads: files.length };
}

/** A backup as one Buffer: for small shops and tests; files and the server stream instead. */
export async function createBackup(db: Database, uploadsDir: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  await writeBackup(db, uploadsDir, out);
  return Buffer.concat(chunks);
}

/** Streams a backup into a file, written beside it and renamed when complete. */
export async function writeBackupFile(db: Database, uploadsDir: string, file: string) {
  const temp = `${file}.tmp`;
  const result = await writeBackup(db, uploadsDir, createWriteStream(temp, { mode: 0o600 }));
  renameSync(temp, file);
  return result;
}

export class RestoreError extends Error {}

const DAMAGED = "Berkas cadangan rusak atau bukan cadangan toko ini.";

async function insertBatch(tx: Pick<Database, "execute">, table: string, rows: Record<string, unknown>[]) {
  await tx.execute(
    sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
  );
}

/** Restores into a migrated database that holds no shop data yet (the sample catalog aside, which it replaces). */
export async function restoreBackup(
  db: Database,
  uploadsDir: string,
  archive: Buffer | Readable,
): Promise<{ rows: number; uploads: number }> {
  const input = Buffer.isBuffer(archive) ? Readable.from([archive]) : archive;
  const gunzip = createGunzip();
  let broken = false;
  gunzip.on("error", () => {
    broken = true;
  });
  input.on("error", () => gunzip.destroy());
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<Line | null> => {
    try {
      const { value, done } = await lines.next();
      if (done) {
        if (broken) throw new RestoreError(DAMAGED);
        return null;
      }
      return JSON.parse(value) as Line;
    } catch (error) {
      if (error instanceof RestoreError) throw error;
      throw new RestoreError(DAMAGED);
    }
  };

  const first = await next();
  if (!first) throw new RestoreError(DAMAGED);
  if ((first as { format?: string }).format !== FORMAT) throw new RestoreError(DAMAGED);
  const version = (first as { version?: number }).version;
  if (version === 1) return restoreVersion1(db, uploadsDir, first as unknown as BackupFileV1);
  if (version !== 2) throw new RestoreError("Format cadangan tidak dikenal.");

  let rows = 0;
  let pending: Line | null = null;
  await db.transaction(async (tx) => {
    await prepareEmptyShop(tx);
    let table = "";
    let batch: Record<string, unknown>[] = [];
    const flush = async () => {
      if (batch.length > 0) await insertBatch(tx, table, batch);
      rows += batch.length;
      batch = [];
    };
    for (let line = await next(); line; line = await next()) {
      if (!("table" in line)) {
        pending = line;
        break;
      }
      if (!(BACKUP_TABLES as readonly string[]).includes(line.table)) continue;
      if (line.table !== table || batch.length >= ROWS_PER_BATCH) await flush();
      table = line.table;
      batch.push(line.row);
    }
    await flush();
    await finishRestoredShop(tx);
  });

  mkdirSync(uploadsDir, { recursive: true });
  let uploads = 0;
  let ended = false;
  for (let line = pending as Line | null; line; line = await next()) {
    if ("end" in line) {
      ended = true;
      break;
    }
    if (!("upload" in line)) continue;
    writeUpload(uploadsDir, line.upload, Buffer.from(line.data, "base64"));
    uploads++;
  }
  // A file cut short (a full disk, a copy stopped halfway) says so instead of restoring half a shop quietly.
  if (!ended)
    throw new RestoreError("Berkas cadangan tidak lengkap: bagian akhirnya hilang. Pulihkan dari cadangan lain.");
  return { rows, uploads };
}

async function prepareEmptyShop(tx: Pick<Database, "execute">) {
  const [{ n }] = rowsOf(
    await tx.execute(sql`select (select count(*) from users) + (select count(*) from orders) as n`),
  ) as { n: number | string }[];
  if (Number(n) > 0)
    throw new RestoreError("Database tujuan sudah berisi akun atau pesanan; pulihkan hanya ke data yang kosong.");
  // The sample catalog of a fresh start gives way to the backed-up one.
  await tx.execute(sql`delete from stock_adjustments`);
  await tx.execute(sql`delete from products`);
  await tx.execute(sql`delete from categories`);
  // So are the sample settings and the sample search synonyms.
  await tx.execute(sql`delete from shop_settings`);
  await tx.execute(sql`delete from search_synonyms`);
  // The per-day sales figures are derived from the orders: kept row by row by their triggers
  // they would cost a big shop's restore minutes, so they are switched off for this
  // transaction only (DDL is transactional: a failed restore leaves them on) and rebuilt
  // once when the rows are in (finishRestoredShop).
  for (const [table, trigger] of DERIVED_FIGURE_TRIGGERS)
    await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger ${sql.identifier(trigger)}`);
}

/** Row triggers that keep the per-day sales figures (see the order_day_stats migration). */
const DERIVED_FIGURE_TRIGGERS = [
  ["orders", "orders_keep_stats"],
  ["order_items", "order_items_keep_stats"],
] as const;

async function finishRestoredShop(tx: Pick<Database, "execute">) {
  await tx.execute(sql`select rebuild_order_stats()`);
  for (const [table, trigger] of DERIVED_FIGURE_TRIGGERS)
    await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger ${sql.identifier(trigger)}`);
}

function writeUpload(uploadsDir: string, name: string, data: Buffer) {
  const target = path.resolve(uploadsDir, name);
  if (!target.startsWith(path.resolve(uploadsDir) + path.sep)) return;
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, data);
}

/** Backups written before streaming: one JSON document (restored as it was, sessions left out). */
type BackupFileV1 = {
  format: typeof FORMAT;
  version: 1;
  tables: Record<string, Record<string, unknown>[]>;
  uploads: { name: string; data: string }[];
};

async function restoreVersion1(db: Database, uploadsDir: string, file: BackupFileV1) {
  let rows = 0;
  await db.transaction(async (tx) => {
    await prepareEmptyShop(tx);
    for (const table of BACKUP_TABLES) {
      const data = file.tables[table] ?? [];
      for (let i = 0; i < data.length; i += ROWS_PER_BATCH)
        await insertBatch(tx, table, data.slice(i, i + ROWS_PER_BATCH));
      rows += data.length;
    }
    await finishRestoredShop(tx);
  });
  mkdirSync(uploadsDir, { recursive: true });
  for (const upload of file.uploads) writeUpload(uploadsDir, upload.name, Buffer.from(upload.data, "base64"));
  return { rows, uploads: file.uploads.length };
}
