import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, liveLockHolder, lockFilePath } from "./data-dir-lock.server";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sayur-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("data directory lock", () => {
  it("refuses a second holder while a live process holds it", async () => {
    const dir = tempDir();
    // Another live process (a sleeping node) holds the lock.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(
        lockFilePath(dir),
        JSON.stringify({ pid: other.pid, holder: "server", startedAt: new Date().toISOString() }),
      );
      expect(() => acquireDataDirLock(dir, "admin:create")).toThrow(DataDirLockedError);
      expect(liveLockHolder(dir)?.holder).toBe("server");
    } finally {
      other.kill();
    }
  });

  it("takes over a stale lock whose process is gone", () => {
    const dir = tempDir();
    writeFileSync(lockFilePath(dir), JSON.stringify({ pid: 2 ** 22 + 12345, holder: "server", startedAt: "" }));
    const lock = acquireDataDirLock(dir, "server");
    expect(liveLockHolder(dir)).toBeNull(); // held by us, so not "another live holder"
    lock.release();
  });

  it("is released so the next process can take it", () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir, "server");
    first.release();
    const second = acquireDataDirLock(dir, "server");
    second.release();
  });

  it("names the holder in its Indonesian message", () => {
    const err = new DataDirLockedError("/x", { pid: 42, holder: "server", startedAt: "" });
    expect(err.message).toMatch(/sedang dipakai oleh proses lain \(server, pid 42\)/);
  });
});
