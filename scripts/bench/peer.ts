// The comparison shop `bench:pages` measures beside ours (scripts/bench/peer-spa): built with the
// repo's Vite into a temporary directory and served by peer-spa/server.mjs in its own process.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildPeer } from "./peer-spa/build";

export async function startPeer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), "bench-peer-spa-"));
  await buildPeer(outDir);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "peer-spa/server.mjs"), outDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(Number(out.trim()));
    });
    child.on("exit", (code) => reject(new Error(`the comparison shop's server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((r) => child.on("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
