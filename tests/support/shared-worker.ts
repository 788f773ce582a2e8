// Set-up of every file in the `db` project, whose files share one module graph per worker
// (`isolate: false` in vitest.config.ts): what one file sets in a module for its own tests
// (the shop's clock, the cached configuration, the database and auth the routes use, the file
// store) is put back before and after each file, so the next file in the worker starts as if
// it were alone.
import { afterAll, beforeAll } from "vitest";
import { resetClock } from "~/server/clock.server";
import { resetConfigForTests } from "~/server/config.server";
import { setStorageForTests } from "~/server/uploads/storage.server";
import { releaseTestDatabase } from "./routes";

function startAsAlone() {
  resetClock();
  resetConfigForTests();
  releaseTestDatabase();
  setStorageForTests(undefined);
}

beforeAll(startAsAlone);
afterAll(startAsAlone);
