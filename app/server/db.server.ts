// The process-wide database handle. Kept on globalThis so that the dev server's module
// reloads never open the embedded database twice.
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { seedCatalogIfEmpty } from "~/db/seed.server";
import { config } from "./config.server";
import { seedSettingsIfMissing } from "./settings.server";

const store = globalThis as typeof globalThis & { __shopDatabase?: Promise<DatabaseHandle> };

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  store.__shopDatabase ??= (async () => {
    const cfg = config();
    const handle = cfg.databaseUrl
      ? await openDatabase({
          kind: "postgres",
          url: cfg.databaseUrl,
          poolSize: cfg.databasePoolSize,
          migrate: cfg.migrateOnStart,
          queryTimeoutMs: cfg.databaseQueryTimeoutMs,
        })
      : await openDatabase({ kind: "pglite", dataDir: cfg.dataDir, holder: "server" });
    await seedCatalogIfEmpty(handle.db);
    await seedSettingsIfMissing(handle.db);
    return handle;
  })().catch((error) => {
    store.__shopDatabase = undefined;
    throw error;
  });
  return store.__shopDatabase;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

export async function closeDatabase(): Promise<void> {
  const pending = store.__shopDatabase;
  store.__shopDatabase = undefined;
  if (pending) await (await pending).close();
}
