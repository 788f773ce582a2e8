// A fresh, migrated database for one test file: embedded PGlite in memory by default, or a
// throw-away database on the PostgreSQL server named by TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { seedCatalogIfEmpty } from "~/db/seed.server";
import { DB_TEMPLATE_ENV } from "./db-template";

export type TestDatabase = DatabaseHandle & { label: string; url?: string; destroy: () => Promise<void> };

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase({ seed = true }: { seed?: boolean } = {}): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let label = "pglite";
  let url: string | undefined;
  let drop = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const adminUrl = new URL(process.env.TEST_DATABASE_URL);
    const name = `shop_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${name}`;
    url = dbUrl.toString();
    handle = await openDatabase({ kind: "postgres", url, poolSize: 20 });
    label = "postgres";
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    // The migrated empty database the global setup dumped (db-template.ts), when there is one.
    const template = process.env[DB_TEMPLATE_ENV];
    handle = await openDatabase({
      kind: "memory",
      loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
    });
  }
  if (seed) await seedCatalogIfEmpty(handle.db);
  return {
    ...handle,
    label,
    url,
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}
