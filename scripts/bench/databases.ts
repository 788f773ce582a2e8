// Throw-away PostgreSQL databases for the bench scripts, on the server named by a URL.
import pg from "pg";

export const benchServerUrl =
  process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresReachable(serverUrl = benchServerUrl): Promise<boolean> {
  const c = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A new empty database `<prefix>_<time>` beside the one in `serverUrl`; drop() removes it. */
export async function throwAwayDatabase(
  prefix: string,
  serverUrl = benchServerUrl,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export const redact = (url: string) => url.replace(/\/\/[^@/]*@/, "//");
