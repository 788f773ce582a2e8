// Throw-away PostgreSQL databases for process-level tests, the shop started on one of them
// (setupPostgresShop), and a TCP proxy that can cut the connection to simulate the database
// going away.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { startTestServer, type TestServer } from "./server";

export const postgresAdminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Whether PostgreSQL answers. When it does not, `message` (what cannot run without it) is
 * printed and the caller skips its tests, unless REQUIRE_E2E=1 or CI demand them: then it throws.
 */
export async function postgresOrSkip(message: string): Promise<boolean> {
  const up = await postgresAvailable();
  if (!up) {
    if (process.env.REQUIRE_E2E === "1" || process.env.CI) throw new Error(`${message} (REQUIRE_E2E/CI demand it).`);
    console.warn(`\n!!! SKIPPED ${message}.\n`);
  }
  return up;
}

export type PostgresShop = {
  /** The running shop; there from the suite's beforeAll on. */
  readonly server: TestServer;
  readonly url: string;
  /** The same database, opened beside the server, as another process would. */
  readonly db: Database;
};

/**
 * For the tests of the file (or describe block) it is called in: a throw-away PostgreSQL
 * database, the built shop started on it (its data directory under .tmp/), and a handle on the
 * database to change it beside the server. Dropped and stopped after the tests. Nothing starts
 * when `enabled` is false (PostgreSQL is down and the tests skip).
 */
export function setupPostgresShop(name: string, { enabled = true }: { enabled?: boolean } = {}): PostgresShop {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let server: TestServer | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    if (!enabled) return;
    database = await createPostgresDatabase(name.replaceAll("-", "_"));
    const dataDir = path.join(import.meta.dirname, "../../.tmp", `${name}-${Date.now()}`);
    mkdirSync(dataDir, { recursive: true });
    server = await startTestServer({ env: { DATABASE_URL: database.url }, dataDir });
    handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    await database?.drop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("setupPostgresShop: the shop starts in beforeAll");
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get url() {
      return started(server).url;
    },
    get db() {
      return started(handle).db;
    },
  };
}

export async function createPostgresDatabase(
  prefix = "shop_proc",
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresAdminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A loopback TCP proxy to `target`. `cut()` drops every connection and refuses new ones (a
 * stopped database); `stall()` keeps connections open but passes no bytes either way (a
 * database host that vanished from the network); `restore()` ends either.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let up = true;
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    if (stalled) {
      // Accepted, then silence: the client's connect never completes its handshake.
      sockets.add(client);
      client.on("error", () => {}).on("close", () => sockets.delete(client));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const cleanup = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", cleanup).on("close", cleanup);
    upstream.on("error", cleanup).on("close", cleanup);
    // Bytes pass only while not stalled; a stalled proxy drops them like a dead network.
    client.on("data", (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!stalled) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    stall() {
      stalled = true;
    },
    restore() {
      up = true;
      // Connections opened during the stall never got their handshake; drop them so clients retry.
      if (stalled) {
        stalled = false;
        for (const s of sockets) s.destroy();
        sockets.clear();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
