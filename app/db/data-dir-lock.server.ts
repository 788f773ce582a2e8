// PGlite is one process only and has no lock of its own: two processes on one data
// directory corrupt it for good. Whoever opens the embedded database holds this lock.
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";

export type LockInfo = {
  pid: number;
  /** What holds it: 'server' or a script name. */
  holder: string;
  startedAt: string;
  /** Set by the server once it listens, so admin commands can go through it. */
  port?: number;
  controlToken?: string;
};

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly info: LockInfo,
  ) {
    super(
      `Data di ${dataDir} sedang dipakai oleh proses lain (${info.holder}, pid ${info.pid}). ` +
        `Database bawaan hanya boleh dibuka oleh satu proses. Hentikan proses itu dulu, atau jalankan perintah ini lewat server yang sedang berjalan.`,
    );
    this.name = "DataDirLockedError";
  }
}

export function lockFilePath(dataDir: string) {
  return path.join(dataDir, "shop.lock");
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(lockFilePath(dataDir), "utf8")) as LockInfo;
    return typeof info.pid === "number" ? info : null;
  } catch {
    return null;
  }
}

/** The lock's holder if a live process holds it, else null (a stale lock counts as free). */
export function liveLockHolder(dataDir: string): LockInfo | null {
  const info = readLock(dataDir);
  return info && info.pid !== process.pid && isAlive(info.pid) ? info : null;
}

export function acquireDataDirLock(
  dataDir: string,
  holder: string,
): { release: () => void; update: (patch: Partial<LockInfo>) => void } {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  const info: LockInfo = { pid: process.pid, holder, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const current = readLock(dataDir);
          if (current?.pid === process.pid) unlinkSync(file);
        },
        update(patch) {
          Object.assign(info, patch);
          writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const current = readLock(dataDir);
      if (current && current.pid !== process.pid && isAlive(current.pid)) {
        throw new DataDirLockedError(dataDir, current);
      }
      // Stale: its process is gone (crash or SIGKILL). Take it over.
      try {
        unlinkSync(file);
      } catch {
        /* someone else removed it first; retry */
      }
    }
  }
  throw new Error(`Tidak dapat mengunci ${file}`);
}

export function newControlToken() {
  return randomBytes(24).toString("hex");
}
