// `npm run backup` while customers are checking out, then `npm run restore` into an empty
// data dir (or an empty PostgreSQL database): the backup is one consistent snapshot. Every
// order confirmed before the backup began is in it with all its items, no order in it is
// half-stored, and its stock equals the start stock minus what its orders hold.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../support/postgres";
import { startTestServer } from "../support/server";
import {
  checkDurability,
  faultDataDir,
  newEngine,
  openEngine,
  postCheckout,
  prepareShop,
  randomLines,
  serverOptions,
  type Engine,
  type Line,
  removeFaultDataDirs,
} from "../support/shop-load";

const root = path.resolve(import.meta.dirname, "../..");
const pgUp = await postgresAvailable();
const engines: Engine[] = [];
afterAll(async () => {
  for (const engine of engines) if (engine.kind === "postgres") await engine.drop().catch(() => {});
  removeFaultDataDirs();
});

function envFor(engine: Engine): Record<string, string> {
  return engine.kind === "pglite"
    ? { DATA_DIR: engine.dataDir, DATABASE_URL: "" }
    : { DATABASE_URL: engine.url, DATA_DIR: faultDataDir("pg-uploads") };
}

/** Runs a data script without blocking this process, so the checkouts keep flowing meanwhile. */
function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts", script), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

describe.each([
  { kind: "pglite" as const, skip: false },
  { kind: "postgres" as const, skip: !pgUp },
])("backup during checkouts ($kind)", ({ kind, skip }) => {
  it.skipIf(skip)("writes a consistent snapshot that restores into an empty database", async () => {
    const engine = await newEngine(kind, "backup");
    engines.push(engine);
    const fixture = await prepareShop(engine, { customers: 8 });
    const server = await startTestServer({
      ...serverOptions(engine),
      env: { ...serverOptions(engine).env, LOG_REQUESTS: "0" },
    });
    const acknowledged = new Map<string, Line[]>();
    let stop = false;
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (!stop) {
        const lines = randomLines(fixture.productIds);
        const { status, orderId } = await postCheckout(
          server.url,
          fixture.customers[next++ % fixture.customers.length],
          lines,
        );
        if (status === 303 && orderId) acknowledged.set(orderId, lines);
        else failures.push(`checkout ${status}`);
      }
    };
    const file = path.join(faultDataDir("backup-file"), "shop.backup.gz");
    let confirmedBefore = new Map<string, Line[]>();
    let backup: { code: number | null; out: string } = {
      code: null,
      out: "",
    };
    try {
      const load = Promise.all([worker(), worker(), worker()]);
      while (acknowledged.size < 10) await new Promise((r) => setTimeout(r, 50));
      confirmedBefore = new Map(acknowledged);
      backup = await runScript("backup.ts", ["--out", file], envFor(engine));
      const duringBackup = acknowledged.size - confirmedBefore.size;
      stop = true;
      await load;
      console.log(
        `[backup ${kind}] ${confirmedBefore.size} orders before the backup, ${duringBackup} confirmed while it ran, ${acknowledged.size} in all`,
      );
    } finally {
      stop = true;
      expect(await server.stop()).toBe(0);
    }
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain("Cadangan tersimpan");
    expect(failures).toEqual([]);

    const target = await newEngine(kind, "restored");
    engines.push(target);
    const restore = await runScript("restore.ts", [file], envFor(target));
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/Pemulihan selesai/);

    const handle = await openEngine(target);
    try {
      const report = await checkDurability(handle.db, fixture, confirmedBefore);
      expect(report.acknowledgedMissing).toEqual([]);
      expect(report.itemMismatches).toEqual([]);
      expect(report.halfStored).toEqual([]);
      expect(report.stockMismatches).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
