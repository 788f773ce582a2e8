// npm run backup [-- --out FILE]: one consistent file with every table and every upload,
// streamed to disk (memory stays small whatever the shop's size). Through the running server
// when it holds the embedded database.
import { createWriteStream, mkdirSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { parseArgs } from "node:util";
import { cfg, fail, runningServer, withDatabase } from "./data-command";

const { values } = parseArgs({ options: { out: { type: "string" } }, strict: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const out = path.resolve(values.out ?? `backups/sayur-jember-${stamp}.backup.gz`);
mkdirSync(path.dirname(out), { recursive: true });

const server = runningServer();
if (server) {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${server.port}/__control/backup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Control-Token": server.token },
      body: "{}",
    });
  } catch (error) {
    fail(`server yang sedang berjalan (pid ${server.pid}) tidak dapat dihubungi: ${(error as Error).message}`);
  }
  if (response.status !== 200 || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    fail(body.error ?? "server tidak dapat membuat cadangan.");
  }
  const temp = `${out}.tmp`;
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(temp, { mode: 0o600 }));
  } catch (error) {
    fail(`cadangan terputus: ${(error as Error).message}`);
  }
  renameSync(temp, out);
} else {
  const { writeBackupFile } = await import("~/server/backups/backup.server");
  await withDatabase("backup", (db) => writeBackupFile(db, cfg.uploadsDir, out));
}
console.log(`Cadangan tersimpan: ${out} (${Math.round(statSync(out).size / 1024)} KB)`);
