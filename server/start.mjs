// `npm start`: build when there is no build (or the sources are newer), then serve.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
const mayBuild = process.env.SKIP_BUILD !== "1";
if (!mayBuild && buildIsStale() && !existsSync(path.join(root, "build/server/index.js"))) {
  console.error("Tidak ada build: jalankan `npm run build` dulu (SKIP_BUILD=1 melarang build otomatis).");
  process.exit(1);
}
if (mayBuild && buildIsStale()) {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "building the shop (first start or changed sources)" }));
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("Build gagal; lihat pesan di atas.");
    process.exit(result.status ?? 1);
  }
}

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
console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: `shop listening on http://localhost:${running.port}`, port: running.port }));

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
