// The production shop on a fresh embedded data directory, for the browser benches
// (bench:pages, bench:main-thread): started from the existing build, stopped and its data
// removed afterwards.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort, shopProcessEnv } from "../../tests/support/server";

const root = path.resolve(import.meta.dirname, "../..");

export const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Builds the app first unless SKIP_BUILD=1 (then the existing build is measured). */
export function buildUnlessSkipped() {
  if (process.env.SKIP_BUILD === "1") return;
  console.log("building...");
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) throw new Error("build failed");
}

export async function startShop(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  const dataDir = mkdtempSync(path.join(root, ".tmp", "bench-pages-"));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [path.join(root, "server/start.mjs")], {
    cwd: root,
    env: shopProcessEnv(port, url, { DATA_DIR: dataDir, LOG_REQUESTS: "0" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    child.stdout.on("data", () => {
      if (output.includes("shop listening on")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  // A server that ends while the bench runs says why (its own output), not just "fetch failed".
  let stopping = false;
  child.on("exit", (code, signal) => {
    if (!stopping) console.error(`the shop stopped during the bench (${code ?? signal}):\n${output.slice(-4000)}`);
  });
  return {
    url,
    stop: async () => {
      stopping = true;
      const exited = new Promise((r) => child.on("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first product linked from /products, so the bench does not depend on the sample catalog's names. */
export async function firstProductPath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/products`)).text();
  const match = html.match(/href="(\/products\/[^"?#]+)"/);
  if (!match) throw new Error("no product link on /products");
  return match[1];
}
