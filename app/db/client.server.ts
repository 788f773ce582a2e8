// The one database client: embedded PGlite in DATA_DIR by default, PostgreSQL when
// DATABASE_URL is set. Migrations are applied when it opens.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock, type LockInfo } from "./data-dir-lock.server";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** For the server to publish its port for admin commands (embedded database only). */
  updateLock?: (patch: Partial<LockInfo>) => void;
  /** Flushes and checkpoints the embedded database (no-op on PostgreSQL). */
  checkpoint: () => Promise<void>;
  ping: () => Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, from any process on PostgreSQL (a
   * dedicated connection, re-opened when lost) or from this process on the embedded
   * database. After a lost connection comes back it is called once more, because
   * notifications sent meanwhile are gone. Resolves to the function that stops listening.
   */
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
};

export type OpenOptions =
  /** migrate: false when migrations ran at deploy time (MIGRATE_ON_START=false). */
  | { kind: "postgres"; url: string; poolSize?: number; migrate?: boolean; queryTimeoutMs?: number }
  | { kind: "pglite"; dataDir: string; holder: string }
  /** loadDataDir: a dump (PGlite's dumpDataDir) to start from instead of an empty database. */
  | { kind: "memory"; loadDataDir?: Blob };

function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "app/db/migrations"))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

export const migrationsFolder = path.join(findProjectRoot(), "app/db/migrations");
/** The extensions every embedded database loads (the migrations create pg_trgm's indexes). */
export const embeddedExtensions = { pg_trgm };

// Any number-ish constant works; it only has to be the same in every process.
const MIGRATION_LOCK_ID = 7_204_2025;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // A database host that vanishes from the network sends no reset: without these a query
      // on an open connection waits for minutes and the shopper's page with it. A timed-out
      // query fails its request (a 503 page) and the pool drops that connection.
      query_timeout: options.queryTimeoutMs ?? 15_000,
      keepAlive: true,
      // The shop's queries are short lookups on indexed data that sits in memory or on SSD:
      // with the defaults (random_page_cost 4, made for spinning disks) PostgreSQL prefers
      // reading a whole table to a trigram index, and JIT compiles for 100 ms to save 1.
      // PGOPTIONS overrides this for a server tuned otherwise.
      options: process.env.PGOPTIONS ?? "-c random_page_cost=1.1 -c jit=off",
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    if (options.migrate !== false) {
      // Several app processes may start at once; only one migrates at a time, the others
      // wait here and then find nothing left to do.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    }
    return {
      db,
      kind: "postgres",
      close: () => pool.end(),
      checkpoint: async () => {},
      ping: async () => {
        await pool.query("select 1");
      },
      listen: (channel, onNotify) => listenOnPostgres(options.url, channel, onNotify),
    };
  }

  let lock: ReturnType<typeof acquireDataDirLock> | undefined;
  let client: PGlite;
  if (options.kind === "pglite") {
    lock = acquireDataDirLock(options.dataDir, options.holder);
    const pgdata = path.join(options.dataDir, "pgdata");
    // PGlite creates only the last folder of its path.
    mkdirSync(pgdata, { recursive: true });
    try {
      client = await PGlite.create(pgdata, { extensions: embeddedExtensions });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions: embeddedExtensions, loadDataDir: options.loadDataDir });
  }
  // The same planner costs as PostgreSQL gets through PGOPTIONS above: the embedded database
  // lives in memory, and with the default (random_page_cost 4) it reads every product rather
  // than the trigram index for a search. PGlite is one session, so this holds for all queries.
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  try {
    await client.exec("set random_page_cost = 1.1");
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    lock?.release();
    throw error;
  }
  return {
    db,
    kind: "pglite",
    updateLock: lock?.update,
    close: async () => {
      try {
        if (!client.closed) {
          await client.query("checkpoint").catch(() => {});
          await client.close();
        }
      } finally {
        lock?.release();
      }
    },
    checkpoint: async () => {
      await client.query("checkpoint");
    },
    ping: async () => {
      await client.query("select 1");
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * LISTEN needs a connection of its own for as long as it listens: a pooled one would be
 * handed to queries and released. A lost connection (database restart, network cut) is
 * opened again with a growing pause.
 */
async function listenOnPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let everConnected = false;

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    const delay = Math.min(LISTEN_RETRY_MAX_MS, 250 * 2 ** Math.min(failures, 5));
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      client.end().catch(() => {});
      scheduleRetry();
    };
    client.on("error", onLost);
    client.on("end", onLost);
    client.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return;
    }
    if (stopped) {
      lost = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    failures = 0;
    // What was sent while no connection listened must be looked up by the caller.
    if (everConnected) onNotify();
    everConnected = true;
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = null;
    if (client) await client.end().catch(() => {});
  };
}
