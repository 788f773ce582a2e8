// A quiet first start: a fresh copy of the repository (no build, no data) started with
// `npm start` builds itself and prints only the shop's own lines, one JSON object each (npm's
// own echo of the command aside): no bundler timing blocks, no framework notices, no warnings
// the shop owner cannot act on.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/server";

const root = path.resolve(import.meta.dirname, "../..");
/** What a clone has: everything but what `npm install`, a build or a running shop makes. */
const NOT_IN_A_CLONE = new Set(["node_modules", "build", "data", ".git", ".react-router", "coverage"]);

let clone: string;
afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true });
});

describe("a fresh clone's first `npm start`", () => {
  it("builds and starts with only the shop's own log lines", async () => {
    clone = mkdtempSync(path.join(os.tmpdir(), "sayur-clone-"));
    cpSync(root, clone, {
      recursive: true,
      filter: (src) => !NOT_IN_A_CLONE.has(path.relative(root, src).split(path.sep)[0]),
    });
    // The installed packages of this checkout stand in for `npm install` (checked apart: no network here).
    symlinkSync(path.join(root, "node_modules"), path.join(clone, "node_modules"), "dir");
    expect(existsSync(path.join(clone, "build"))).toBe(false);

    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: "" };
    for (const name of ["NODE_ENV", "DATABASE_URL", "SMTP_URL", "SKIP_BUILD", "LOG_LEVEL", "APP_URL", "DATA_DIR"])
      delete env[name];
    // A shell that runs `npm start` knows nothing of the test runner (its marker silences the shop's log).
    for (const name of Object.keys(env)) if (name.startsWith("VITEST")) delete env[name];
    const child = spawn("npm", ["start"], { cwd: clone, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start in 8 minutes:\n${output}`)), 480_000);
        child.stdout.on("data", () => {
          if (output.includes("shop listening on")) {
            clearTimeout(timer);
            resolve();
          }
        });
        void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
      });
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
    }

    const lines = output.split("\n").filter((l) => l.trim());
    // npm's echo of the script it runs ("> sayur-jember@ start", "> node server/start.mjs").
    const shopLines = lines.filter((l) => !l.startsWith("> "));
    expect(lines.length - shopLines.length).toBeLessThanOrEqual(2);
    for (const line of shopLines) expect(() => JSON.parse(line), line).not.toThrow();
    const messages = shopLines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages).toContain("building the shop (first start or changed sources)");
    expect(messages.some((m) => m.startsWith("shop listening on"))).toBe(true);
    // Nothing the owner must act on but the two things a fresh shop really lacks: an owner and its own number.
    const warnings = shopLines
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .filter((l) => l.level === "warn" || l.level === "error")
      .map((l) => l.msg);
    expect(warnings).toEqual([
      "the shop's WhatsApp number is still the sample one: set it in Pengaturan Toko > Identitas Toko",
    ]);
  }, 600_000);
});
