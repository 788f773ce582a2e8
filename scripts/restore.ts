// npm run restore -- FILE: brings a backup back into an empty data dir (or an empty PostgreSQL database).
import { createReadStream, existsSync } from "node:fs";
import { RestoreError, restoreBackup } from "~/server/backups/backup.server";
import { cfg, fail, withDatabase } from "./data-command";
import { liveLockHolder } from "~/db/data-dir-lock.server";

const file = process.argv[2];
if (!file || !existsSync(file))
  fail(`berkas cadangan tidak ditemukan: ${file ?? "(tidak disebut)"}\nPemakaian: npm run restore -- BERKAS`);
if (!cfg.databaseUrl) {
  const holder = liveLockHolder(cfg.dataDir);
  if (holder)
    fail(
      `server (pid ${holder.pid}) sedang memakai ${cfg.dataDir}. Hentikan server dulu, lalu pulihkan ke direktori data yang kosong.`,
    );
}
try {
  const result = await withDatabase("restore", (db) => restoreBackup(db, cfg.uploadsDir, createReadStream(file)));
  console.log(`Pemulihan selesai: ${result.rows} baris data dan ${result.uploads} gambar.`);
} catch (error) {
  if (error instanceof RestoreError) fail(error.message);
  throw error;
}
