// `npm run backup` against a running shop, `npm run restore` into an empty data dir, and
// the restored shop serves the same data.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { BACKUP_TABLES } from "~/server/backups/backup.server";
import { startTestServer } from "../support/server";

async function tableContents(dataDir: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir, holder: "test" });
  try {
    const out: Record<string, unknown> = {};
    for (const table of BACKUP_TABLES) {
      const result = await handle.db.execute(
        sql`select coalesce(json_agg(t order by t::text), '[]'::json) as rows from ${sql.identifier(table)} t`,
      );
      out[table] = (result as unknown as { rows: { rows: unknown }[] }).rows[0].rows;
    }
    return out;
  } finally {
    await handle.close();
  }
}

const root = path.resolve(import.meta.dirname, "../..");
const photo = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 256));
const tsx = path.join(root, "node_modules/.bin/tsx");

function run(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(tsx, [path.join(root, "scripts", script), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
    timeout: 90_000,
  });
}

describe("backup and restore commands", () => {
  it("backs up a running shop through the server and restores into an empty data dir", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sayur-bk-"));
    const out = path.join(dataDir, "..", `${path.basename(dataDir)}.backup.gz`);
    const server = await startTestServer({ dataDir });
    try {
      // An uploaded product photo (nested, as the storage keeps them) must come back byte for byte.
      mkdirSync(path.join(dataDir, "uploads", "products"), { recursive: true });
      writeFileSync(path.join(dataDir, "uploads", "products", "bayam.webp"), photo);
      const made = run("admin-create.ts", ["--email", "pemilik@toko.id", "--password", "kebun-sayur-2026"], {
        DATA_DIR: dataDir,
      });
      expect(made.status, made.stderr).toBe(0);
      const backup = run("backup.ts", ["--out", out], { DATA_DIR: dataDir });
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain("Cadangan tersimpan");
      // Restoring over a live shop is refused.
      const refused = run("restore.ts", [out], { DATA_DIR: dataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/Hentikan server dulu/);
    } finally {
      await server.stop();
    }
    const before = await tableContents(dataDir);

    const freshDir = mkdtempSync(path.join(os.tmpdir(), "sayur-rs-"));
    const restore = run("restore.ts", [out], { DATA_DIR: freshDir });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/Pemulihan selesai/);

    expect(await tableContents(freshDir)).toEqual(before);
    expect(readFileSync(path.join(freshDir, "uploads", "products", "bayam.webp")).equals(photo)).toBe(true);
    expect(restore.stdout).toMatch(/1 gambar/);
    // The admin account came back: promoting it again says it is already admin.
    const again = run("admin-create.ts", ["--email", "pemilik@toko.id", "--password", "kebun-sayur-2026"], {
      DATA_DIR: freshDir,
    });
    expect(again.stdout).toMatch(/sudah admin/);
    const restored = await startTestServer({ dataDir: freshDir });
    try {
      expect((await fetch(`${restored.url}/healthz`)).status).toBe(200);
    } finally {
      await restored.stop();
    }
  });
});
