// npm run db:migrate: applies pending migrations once, e.g. at deploy time before the app
// processes start with MIGRATE_ON_START=false. Safe to run from several machines at once
// (PostgreSQL advisory lock); refuses while a server holds the embedded data.
import { openDatabase } from "~/db/client.server";
import { cfg, fail, runningServer } from "./data-command";

if (!cfg.databaseUrl && runningServer()) {
  fail(
    `server yang sedang berjalan memakai data di ${cfg.dataDir}; migrasi database bawaan dijalankan otomatis saat server mulai.`,
  );
}
const started = Date.now();
try {
  const handle = cfg.databaseUrl
    ? await openDatabase({ kind: "postgres", url: cfg.databaseUrl, poolSize: 1 })
    : await openDatabase({ kind: "pglite", dataDir: cfg.dataDir, holder: "db:migrate" });
  await handle.close();
  console.log(`Migrasi selesai (${handle.kind}, ${Date.now() - started} ms).`);
} catch (error) {
  fail(`migrasi gagal: ${(error as Error).message}`);
}
