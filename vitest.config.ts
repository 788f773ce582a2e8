import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
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
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["app/**/*.db.test.ts", "tests/integration/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts", "tests/process/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          // Browser and process tests run after the fast projects, two files at a time.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
