// npm run backup [-- --out FILE]: one consistent file with every table and every upload.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "~/server/backup.server";
import { callServer, cfg, fail, runningServer, withDatabase } from "./data-command";

const { values } = parseArgs({ options: { out: { type: "string" } }, strict: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const out = path.resolve(values.out ?? `backups/sayur-jember-${stamp}.backup.gz`);

let archive: Buffer;
const server = runningServer();
if (server) {
  const result = await callServer<{ data?: string; error?: string }>(server, "backup", {});
  if (result.status !== 200 || !result.body.data) fail(result.body.error ?? "server tidak dapat membuat cadangan.");
  archive = Buffer.from(result.body.data, "base64");
} else {
  archive = await withDatabase("backup", (db) => createBackup(db, cfg.uploadsDir));
}
const { mkdirSync } = await import("node:fs");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, archive, { mode: 0o600 });
console.log(`Cadangan tersimpan: ${out} (${Math.round(archive.length / 1024)} KB)`);
