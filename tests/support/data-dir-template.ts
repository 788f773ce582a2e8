// Global setup of the browser, process and fault tests: one shop is started on an empty data
// directory (migrated and filled with the sample catalog, exactly as `npm start` does on first
// start) and stopped, and every test server started without a data directory of its own then
// starts on a copy of it. About 60 servers start in a run; a copy and a start take 1-2 s where
// a first start takes 4-9 s on a 2-core machine.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DATA_DIR_TEMPLATE_ENV, startTestServer } from "./server";

export default async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sayur-template-"));
  try {
    const server = await startTestServer({ dataDir: dir });
    const code = await server.stop();
    if (code !== 0) throw new Error(`the template server stopped with ${code}:\n${server.logs()}`);
  } catch (error) {
    // No build yet, say: every server then makes its own first start, and says why it fails.
    rmSync(dir, { recursive: true, force: true });
    console.warn(`data directory template not made, servers start from empty: ${String(error)}`);
    return;
  }
  // Set before the test workers are created, which inherit it.
  process.env[DATA_DIR_TEMPLATE_ENV] = dir;
  return () => {
    delete process.env[DATA_DIR_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
