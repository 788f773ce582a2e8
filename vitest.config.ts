import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    // No test may reach Meta's Graph API: WhatsApp is tested against tests/support/fake-graph.ts.
    setupFiles: ["tests/support/no-meta-host.ts"],
    env: {
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      DATA_DIR: path.join(root, ".tmp/test-data"),
      BETTER_AUTH_SECRET: "test-secret-for-vitest-only-0123456789abcdef",
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          exclude: ["app/**/*.db.test.ts"],
          // Property tests run thousands of cases; on a loaded 2-core machine (unit and db
          // tests share it) Vitest's 5 s default cut one off mid-run.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["app/**/*.db.test.ts", "tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/db-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts", "tests/process/**/*.test.ts"],
          globalSetup: ["tests/support/data-dir-template.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          // Browser and process tests run after the fast projects, two files at a time.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // Kill, shutdown, outage and soak tests: minutes long, run by `npm run test:faults`
          // (scripts/test.mjs leaves them out of `npm test`). One file at a time: each one
          // loads the server and the timing of a kill or a soak must not depend on a neighbour.
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          globalSetup: ["tests/support/data-dir-template.ts"],
          testTimeout: 600_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
