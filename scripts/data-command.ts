// Shared by the data scripts: run against the database the shop is configured for, going
// through the running server when it holds the embedded data, never opening it beside it.
import type { Database } from "~/db/client.server";
import { liveLockHolder } from "~/db/data-dir-lock.server";
import { loadConfig } from "~/server/config.server";

export const cfg = loadConfig();

export function fail(message: string): never {
  console.error(`Gagal: ${message}`);
  process.exit(1);
}

/** The running server that holds the embedded data, if any. */
export function runningServer(): { port: number; token: string; pid: number } | null {
  if (cfg.databaseUrl) return null;
  const holder = liveLockHolder(cfg.dataDir);
  if (!holder) return null;
  if (holder.holder !== "server" || !holder.port || !holder.controlToken) {
    fail(
      `data di ${cfg.dataDir} sedang dipakai oleh ${holder.holder} (pid ${holder.pid}). Tunggu sampai selesai lalu coba lagi.`,
    );
  }
  return { port: holder.port, token: holder.controlToken, pid: holder.pid };
}

export async function callServer<T>(
  server: { port: number; token: string; pid: number },
  command: string,
  input: unknown,
): Promise<{ status: number; body: T }> {
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}/__control/${command}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Control-Token": server.token },
      body: JSON.stringify(input ?? {}),
    });
    return { status: response.status, body: (await response.json()) as T };
  } catch (error) {
    fail(`server yang sedang berjalan (pid ${server.pid}) tidak dapat dihubungi: ${(error as Error).message}`);
  }
}

/** Opens the configured database directly (the caller has checked no server holds it). */
export async function withDatabase<T>(holder: string, work: (db: Database) => Promise<T>): Promise<T> {
  // Loaded only here: a command that goes through the running server needs no database driver.
  const { openDatabase } = await import("~/db/client.server");
  const handle = cfg.databaseUrl
    ? await openDatabase({ kind: "postgres", url: cfg.databaseUrl, poolSize: 2 })
    : await openDatabase({ kind: "pglite", dataDir: cfg.dataDir, holder });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}
