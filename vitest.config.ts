import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Browser and process files that take minutes, longest first. On a clean clone (CI) Vitest
 * knows no durations yet and starts the largest files first, so a long file could start late
 * and still be going at the end while the other worker sat idle. Measured in a clean CI run on
 * the 2-core machine (two files at a time): accessibility about 5 minutes, accounts 3.3,
 * content 2.8, server-lifecycle 2.4, order-state-first 2.3, returning and promos between that
 * and backup-memory's 1.5. access-matrix took 5.5 there until it stopped logging customers in
 * again through /login: 1.5-2 minutes alone on a loaded machine since.
 */
const LONG_FILES = [
  "tests/e2e/accessibility.test.ts",
  "tests/e2e/accounts.test.ts",
  "tests/e2e/content.test.ts",
  "tests/process/server-lifecycle.test.ts",
  "tests/e2e/order-state-first.test.ts",
  "tests/process/access-matrix.test.ts",
  "tests/e2e/returning.test.ts",
  "tests/e2e/promos.test.ts",
  "tests/process/backup-memory.test.ts",
  "tests/process/admin-create.test.ts",
  "tests/process/quiet-start.test.ts",
];

/**
 * Database test files that replace a module with `vi.mock`. The other database files share one
 * module graph per worker (Vitest's `isolate: false`): the app's modules are loaded once per
 * worker instead of once per file, which took the database files from about 180 to 110 s on
 * the 2-core machine. A mock cannot be shared that way (a module loaded by an earlier file keeps
 * the real one), so a file that mocks runs in the `db-mocks` project, alone in its process as
 * before. Found by reading the files, so a new one needs no list.
 */
/** Where the database test files are: a folder and how their names end. */
const DB_FILE_PLACES = [
  { dir: "app", ending: ".db.test.ts" },
  { dir: "tests/integration", ending: ".test.ts" },
];
const DB_FILES = DB_FILE_PLACES.map(({ dir, ending }) => `${dir}/**/*${ending}`);

function dbFilesThatMock(): string[] {
  const found: string[] = [];
  const walk = (dir: string, ending: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, ending);
      else if (entry.name.endsWith(ending) && /\bvi\.mock\(/.test(readFileSync(full, "utf8")))
        found.push(path.relative(root, full));
    }
  };
  for (const { dir, ending } of DB_FILE_PLACES) walk(path.join(root, dir), ending);
  return found;
}

const DB_FILES_THAT_MOCK = dbFilesThatMock();

/** Vitest's order (its groups and projects, then its own durations or file sizes), with LONG_FILES first in each project. */
class LongFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (spec: TestSpecification) => {
      const at = LONG_FILES.indexOf(path.relative(root, spec.moduleId));
      return at === -1 ? LONG_FILES.length : at;
    };
    const sorted = await super.sort(files);
    const where = new Map(sorted.map((spec, i) => [spec, i]));
    // A project's files are next to each other in Vitest's order: its first file stands for it.
    const projectAt = new Map<string, number>();
    for (const [i, spec] of sorted.entries())
      if (!projectAt.has(spec.project.name)) projectAt.set(spec.project.name, i);
    return sorted.sort(
      (a, b) =>
        projectAt.get(a.project.name)! - projectAt.get(b.project.name)! ||
        rank(a) - rank(b) ||
        where.get(a)! - where.get(b)!,
    );
  }
}

export default defineConfig({
  resolve: { alias: { "~": path.join(root, "app") } },
  test: {
    sequence: { sequencer: LongFilesFirst },
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
          // Vitest's default is one worker fewer than the cores: a single worker on 2 cores,
          // one file at a time with the second core idle. The unit and database projects run
          // together (same group) and so need the same count.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Every database file but those that mock a module (DB_FILES_THAT_MOCK, above).
          name: "db",
          include: DB_FILES,
          exclude: DB_FILES_THAT_MOCK,
          isolate: false,
          // Added to the root's set-up: puts back what a file changed in the shared modules.
          setupFiles: ["tests/support/shared-worker.ts"],
          globalSetup: ["tests/support/db-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time, as for unit (see there); on PostgreSQL a worker waits on the
          // server half the time, so one worker leaves both cores half idle.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // The database files that mock a module, each in a process of its own. Run both
          // database projects with `--project 'db*'`.
          name: "db-mocks",
          include: DB_FILES_THAT_MOCK.length > 0 ? DB_FILES_THAT_MOCK : ["no-such-file"],
          globalSetup: ["tests/support/db-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
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
