// `npm test`: builds the app (the browser tests run the production server), then runs
// every Vitest project. Extra arguments go to Vitest, e.g. `npm test -- --project unit`.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const onlyNonBrowser = args.includes("--project") && !args.some((a, i) => args[i - 1] === "--project" && a === "e2e");

if (!onlyNonBrowser) {
  const build = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (build.status !== 0) {
    console.error("Build gagal: tes browser butuh build produksi.");
    process.exit(build.status ?? 1);
  }
}

const vitest = spawnSync(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), "run", ...args], {
  cwd: root,
  stdio: "inherit",
});
process.exit(vitest.status ?? 1);
