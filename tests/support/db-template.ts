// Global setup of the database tests: one embedded database is created and migrated, and
// dumped to a file; every test database in memory then starts from that dump. Creating an
// embedded database runs initdb (about 2 s on a 2-core machine, and the tests make about a
// hundred); loading the dump takes about 0.5 s. The test's own openDatabase still runs the
// migrations on it (none left to apply), so a dump that does not match them would fail loudly.
// On PostgreSQL (TEST_DATABASE_URL) each file makes its own server database and this is skipped.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { embeddedExtensions, migrationsFolder } from "~/db/client.server";

export const DB_TEMPLATE_ENV = "SAYUR_TEST_DB_TEMPLATE";

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  // Both database projects name this setup; the second finds the first one's dump.
  if (process.env[DB_TEMPLATE_ENV]) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), "sayur-db-template-"));
  // The same extensions and migrations as openDatabase, which cannot hand out its client to dump.
  const client = await PGlite.create({ extensions: embeddedExtensions });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    const file = path.join(dir, "pgdata.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    // Set before the test workers are created, which inherit it.
    process.env[DB_TEMPLATE_ENV] = file;
  } finally {
    await client.close();
  }
  return () => {
    delete process.env[DB_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
