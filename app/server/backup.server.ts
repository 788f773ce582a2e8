// Backups of everything the shop keeps: every table (as JSON rows, read in one consistent
// snapshot) and every uploaded image, in one gzip file. The same format restores into the
// embedded database or PostgreSQL, so it also moves a shop from one to the other.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/** Parents before children, so a restore never breaks a foreign key. */
export const BACKUP_TABLES = [
  "users",
  "sessions",
  "accounts",
  "verifications",
  "categories",
  "products",
  "orders",
  "order_items",
  "order_status_history",
  "stock_adjustments",
  "partner_applications",
  "contact_messages",
  "shop_settings",
  "shop_settings_history",
] as const;

type BackupFile = {
  format: "sayur-jember-backup";
  version: 1;
  createdAt: string;
  tables: Record<string, unknown[]>;
  uploads: { name: string; data: string }[];
};

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
    return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

export async function createBackup(db: Database, uploadsDir: string): Promise<Buffer> {
  const tables: Record<string, unknown[]> = {};
  await db.transaction(
    async (tx) => {
      for (const table of BACKUP_TABLES) {
        const result = await tx.execute(
          sql`select coalesce(json_agg(t), '[]'::json) as rows from ${sql.identifier(table)} t`,
        );
        const value = rowsOf(result)[0]?.rows;
        tables[table] = (typeof value === "string" ? JSON.parse(value) : value) as unknown[];
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const uploads = listFiles(uploadsDir).map((name) => ({
    name,
    data: readFileSync(path.join(uploadsDir, name)).toString("base64"),
  }));
  const file: BackupFile = {
    format: "sayur-jember-backup",
    version: 1,
    createdAt: new Date().toISOString(),
    tables,
    uploads,
  };
  return gzipSync(Buffer.from(JSON.stringify(file)));
}

export class RestoreError extends Error {}

/** Restores into a migrated database that holds no shop data yet (the sample catalog aside, which it replaces). */
export async function restoreBackup(
  db: Database,
  uploadsDir: string,
  archive: Buffer,
): Promise<{ rows: number; uploads: number }> {
  let file: BackupFile;
  try {
    file = JSON.parse(gunzipSync(archive).toString("utf8")) as BackupFile;
  } catch {
    throw new RestoreError("Berkas cadangan rusak atau bukan cadangan toko ini.");
  }
  if (file.format !== "sayur-jember-backup" || file.version !== 1)
    throw new RestoreError("Format cadangan tidak dikenal.");
  let rows = 0;
  await db.transaction(async (tx) => {
    const [{ n }] = rowsOf(
      await tx.execute(sql`select (select count(*) from users) + (select count(*) from orders) as n`),
    ) as { n: number | string }[];
    if (Number(n) > 0)
      throw new RestoreError("Database tujuan sudah berisi akun atau pesanan; pulihkan hanya ke data yang kosong.");
    // The sample catalog of a fresh start gives way to the backed-up one.
    await tx.execute(sql`delete from stock_adjustments`);
    await tx.execute(sql`delete from products`);
    await tx.execute(sql`delete from categories`);
    // So are the sample settings.
    await tx.execute(sql`delete from shop_settings`);
    for (const table of BACKUP_TABLES) {
      const data = file.tables[table] ?? [];
      if (data.length === 0) continue;
      await tx.execute(
        sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(data)}::json)`,
      );
      rows += data.length;
    }
  });
  mkdirSync(uploadsDir, { recursive: true });
  for (const upload of file.uploads) {
    const target = path.resolve(uploadsDir, upload.name);
    if (!target.startsWith(path.resolve(uploadsDir) + path.sep)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, Buffer.from(upload.data, "base64"));
  }
  return { rows, uploads: file.uploads.length };
}
