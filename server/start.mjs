// `npm start`: build when there is no build (or the sources are newer), then serve.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { jsonLog } from "./json-log.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.NODE_ENV ??= "production";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsStale() {
  try {
    const built = statSync(path.join(root, "build/server/index.js")).mtimeMs;
    return newestMtime(path.join(root, "app")) > built;
  } catch {
    return true;
  }
}

// Test harnesses start many servers at once on a build made beforehand: they must not rebuild it under each other.
const mayBuild = process.env.SKIP_BUILD !== "1" && cluster.isPrimary;
if (!mayBuild && buildIsStale() && !existsSync(path.join(root, "build/server/index.js"))) {
  console.error("Tidak ada build: jalankan `npm run build` dulu (SKIP_BUILD=1 melarang build otomatis).");
  process.exit(1);
}
if (mayBuild && buildIsStale()) {
  jsonLog("info", "building the shop (first start or changed sources)");
  // Only the bundler's warnings and errors: a shop owner's console shows the shop's own lines.
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (result.status !== 0) {
    console.error("Build gagal; lihat pesan di atas.");
    process.exit(result.status ?? 1);
  }
}

// WEB_CONCURRENCY=n runs n server processes on this machine sharing the port (one per core);
// they share nothing but PostgreSQL, exactly like processes on different machines.
const workerCount = Math.max(1, Number(process.env.WEB_CONCURRENCY || 1) || 1);
if (cluster.isPrimary && workerCount > 1) runPrimary(workerCount);
else await runServer();

function runPrimary(count) {
  if (!process.env.DATABASE_URL) {
    console.error("WEB_CONCURRENCY lebih dari 1 butuh DATABASE_URL: database bawaan hanya boleh dibuka satu proses.");
    process.exit(1);
  }
  let stopping = false;
  const startedAt = new Map();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    // A worker that dies at once (bad settings, port taken) would die again: stop everything.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 5000) {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
      if (alive === 0) process.exit(code || 1);
      return;
    }
    jsonLog("error", "worker exited, starting a new one", { code });
    fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // Each worker stops gracefully on its own (finishes its requests, closes its pool).
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
      setTimeout(() => process.exit(1), 12_000).unref();
    });
  }
}

async function runServer() {
  const { startServer } = await import("./app.mjs");
  let running;
  try {
    running = await startServer();
  } catch (error) {
    if (error?.name === "DataDirLockedError" || error?.name === "ConfigError") {
      console.error(error.message);
      process.exit(1);
    }
    if (error?.code === "EADDRINUSE") {
      console.error(`Port ${process.env.PORT ?? 3000} sudah dipakai. Hentikan proses lain itu atau atur PORT.`);
      process.exit(1);
    }
    throw error;
  }
  // The stop handlers come first: whoever waits for the line below (a supervisor, a test) may
  // send SIGTERM the moment it reads it, and without a handler that kills the process outright.
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      try {
        await running.stop();
        process.exit(0);
      } catch (error) {
        console.error(error);
        process.exit(1);
      }
    });
  }
  jsonLog("info", `shop listening on http://localhost:${running.port}`, { port: running.port });
}
