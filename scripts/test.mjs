// `npm test`: builds the app (the browser tests run the production server), then runs
// every Vitest project except the slow fault tests. Extra arguments go to Vitest, e.g.
// `npm test -- --project unit`. `npm run test:faults` runs the kill, shutdown, outage and
// soak tests (`node scripts/test.mjs --project faults`).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const projects = args.flatMap((a, i) =>
  args[i - 1] === "--project" ? [a] : a.startsWith("--project=") ? [a.slice(10)] : [],
);
const wantsFaults = projects.includes("faults");
// The browser and fault tests run the production server.
const needsBuild = projects.length === 0 || projects.some((p) => p === "e2e" || p === "faults");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsCurrent() {
  try {
    return statSync(path.join(root, "build/server/index.js")).mtimeMs >= newestMtime(path.join(root, "app"));
  } catch {
    return false;
  }
}

// `npm test` always builds; the fault tests alone reuse a build that is newer than the sources
// (CI runs them right after `npm test`).
const onlyFaults = wantsFaults && projects.length === 1;
if (needsBuild && !(onlyFaults && buildIsCurrent())) {
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) {
    console.error("Build gagal: tes browser dan tes gangguan butuh build produksi.");
    process.exit(build.status ?? 1);
  }
}

// The fault tests take minutes; they run only when asked for by name.
const vitestArgs = wantsFaults ? args : [...args, "--project=!faults"];
const vitest = spawnSync(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), "run", ...vitestArgs], {
  cwd: root,
  stdio: "inherit",
});
process.exit(vitest.status ?? 1);
