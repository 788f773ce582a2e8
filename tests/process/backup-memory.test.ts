// A backup of a big shop (200,000 orders, 2,000 photos) through the running server, and a
// restore of it, each stay within 200 MB of memory and bring back exactly the same data.
// The data is made with SQL so the test stays quick.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { createUser } from "../support/factories";
import { createPostgresDatabase } from "../support/postgres";
import { DATA_DIR_TEMPLATE_ENV, startTestServer } from "../support/server";

const ORDERS = Number(process.env.BACKUP_TEST_ORDERS ?? 200_000);
const IMAGES = 2_000;
const LIMIT_MB = 200;
const root = path.resolve(import.meta.dirname, "../..");

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Runs a data script, sampling its memory (and the server's, when given) until it exits. */
function runMeasured(
  script: string,
  args: string[],
  dataDir: string,
  serverPid?: number,
  env: Record<string, string> = {},
) {
  return new Promise<{ code: number | null; output: string; scriptPeak: number; serverPeak: number }>((resolve) => {
    // node itself with tsx as a loader (the tsx command would run the script in a child process).
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", script), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", NODE_ENV: "production", ...env },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    let scriptPeak = 0;
    let serverPeak = 0;
    const timer = setInterval(() => {
      scriptPeak = Math.max(scriptPeak, rssMb(child.pid!));
      if (serverPid) serverPeak = Math.max(serverPeak, rssMb(serverPid));
    }, 50);
    const started = Date.now();
    child.on("exit", (code) => {
      clearInterval(timer);
      process.stdout.write(`${script}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      resolve({ code, output, scriptPeak, serverPeak });
    });
  });
}

async function fingerprint(where: { dataDir: string } | { url: string }) {
  const handle =
    "url" in where
      ? await openDatabase({ kind: "postgres", url: where.url, poolSize: 1 })
      : await openDatabase({ kind: "pglite", dataDir: where.dataDir, holder: "test" });
  try {
    // The same text for the same instant on either database.
    await handle.db.execute(sql`set time zone 'UTC'`);
    const result = await handle.db.execute(
      sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t.id)) as sum from orders t`,
    );
    return (result as unknown as { rows: { n: number; sum: string }[] }).rows[0];
  } finally {
    await handle.close();
  }
}

describe("backups of a big shop", () => {
  it("stream through the server and back within bounded memory, restoring identically", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sayur-bigbk-"));
    // A shop after its first start (migrated and seeded), copied from the one the tests' global
    // setup made: a first start of its own takes 4-9 s on a 2-core machine, 46 s when it is
    // loaded. Then the data is added with the server stopped.
    const template = process.env[DATA_DIR_TEMPLATE_ENV];
    if (template) cpSync(template, dataDir, { recursive: true });
    else await (await startTestServer({ dataDir })).stop();
    const handle = await openDatabase({ kind: "pglite", dataDir, holder: "test" });
    try {
      const user = await createUser(handle.db);
      // The per-day sales figures are rebuilt once afterwards, as a restore does: kept row by
      // row by their triggers, 200,000 orders would take the embedded database minutes.
      await handle.db.execute(sql`alter table orders disable trigger orders_keep_stats`);
      await handle.db.execute(sql`
          insert into orders (user_id, total_amount, delivery_slot, delivery_time, delivery_date,
                              recipient_name, recipient_phone, recipient_address, idempotency_key)
          select ${user.id}, 10000 + g, 'pagi', '05:00 - 07:00', '2026-01-01', 'Pelanggan ' || g,
                 '081234567890', 'Jl. Kalimantan No. ' || g || ', Sumbersari, Jember', 'besar-' || g
          from generate_series(1, ${ORDERS}) g`);
      await handle.db.execute(sql`alter table orders enable trigger orders_keep_stats`);
      await handle.db.execute(sql`select rebuild_order_stats()`);
    } finally {
      await handle.close();
    }
    const photos = path.join(dataDir, "uploads", "products");
    mkdirSync(photos, { recursive: true });
    for (let i = 0; i < IMAGES; i++)
      writeFileSync(path.join(photos, `${randomBytes(16).toString("hex")}.jpg`), randomBytes(3000));
    const before = await fingerprint({ dataDir });
    expect(before.n).toBe(ORDERS);

    const out = path.join(dataDir, "..", `${path.basename(dataDir)}.backup.gz`);
    const server = await startTestServer({ dataDir });
    let backup: Awaited<ReturnType<typeof runMeasured>>;
    let serverBefore: number;
    try {
      serverBefore = rssMb(server.process.pid!);
      backup = await runMeasured("backup.ts", ["--out", out], dataDir, server.process.pid!);
    } finally {
      await server.stop();
    }
    expect(backup.code, backup.output).toBe(0);
    const serverGrowth = backup.serverPeak - serverBefore;
    process.stdout.write(
      `backup of ${ORDERS} orders and ${IMAGES} images: script peak ${backup.scriptPeak.toFixed(0)} MB, server ${serverBefore.toFixed(0)} -> ${backup.serverPeak.toFixed(0)} MB\n`,
    );
    expect(backup.scriptPeak).toBeLessThan(LIMIT_MB);
    expect(serverGrowth).toBeLessThan(LIMIT_MB);

    // Restored into PostgreSQL (a move from the embedded database, and quick); the restore
    // reads the file line by line, so its own memory does not grow with the file.
    const fresh = mkdtempSync(path.join(os.tmpdir(), "sayur-bigrs-"));
    const database = await createPostgresDatabase("big_restore");
    try {
      const restore = await runMeasured("restore.ts", [out], fresh, undefined, { DATABASE_URL: database.url });
      process.stdout.write(`restore: peak ${restore.scriptPeak.toFixed(0)} MB\n`);
      expect(restore.code, restore.output).toBe(0);
      expect(await fingerprint({ url: database.url })).toEqual(before);
    } finally {
      await database.drop();
    }
    const restoredPhotos = readdirSync(path.join(fresh, "uploads", "products")).sort();
    expect(restoredPhotos).toEqual(readdirSync(photos).sort());
    for (const name of restoredPhotos.slice(0, 50))
      expect(
        readFileSync(path.join(fresh, "uploads", "products", name)).equals(readFileSync(path.join(photos, name))),
      ).toBe(true);
  }, 300_000);
});
