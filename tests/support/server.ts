// Starts the production server (node server/start.mjs) on a free port with its own data
// directory, for browser and process-level tests.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export type TestServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  logs: () => string;
  /** Mail files written to DATA_DIR/outbox, oldest first. */
  outbox: () => { file: string; text: string }[];
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Set by the tests' global setup (data-dir-template.ts): a stopped shop's data directory after
 * its first start. A server started without a data directory of its own starts on a copy.
 */
export const DATA_DIR_TEMPLATE_ENV = "SAYUR_TEST_DATA_DIR_TEMPLATE";

/**
 * The environment of a production shop process (`node server/start.mjs`) started by a test or
 * a bench: the existing build, listening on 127.0.0.1, on the embedded database and without
 * mail unless `env` says otherwise.
 */
export function shopProcessEnv(port: number, url: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    DATABASE_URL: "",
    SMTP_URL: "",
    SKIP_BUILD: "1",
    ...env,
  };
}

export async function startTestServer({
  env = {},
  dataDir,
  port: givenPort,
}: { env?: Record<string, string>; dataDir?: string; port?: number } = {}): Promise<TestServer> {
  const port = givenPort ?? (await freePort());
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), "sayur-e2e-"));
  const template = process.env[DATA_DIR_TEMPLATE_ENV];
  // Not for a server on PostgreSQL (no data directory) or under a test clock (its first start
  // stamps the sample data with that clock's time).
  if (!dataDir && template && !env.DATABASE_URL && !env.SHOP_CLOCK_START) cpSync(template, dir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "server/start.mjs")], {
    cwd: root,
    env: shopProcessEnv(port, url, { DATA_DIR: dir, LOG_LEVEL: "info", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    // A busy shared 2-core machine takes over a minute for a first start; a server that never comes up is stopped, not left behind.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in 180 s:\n${output}`));
    }, 180_000);
    const check = () => {
      if (output.includes("shop listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    url,
    port,
    dataDir: dir,
    process: child,
    logs: () => output,
    outbox: () => {
      const outboxDir = path.join(dir, "outbox");
      let files: string[] = [];
      try {
        files = readdirSync(outboxDir)
          .filter((f) => f.endsWith(".eml"))
          .sort();
      } catch {
        return [];
      }
      return files.map((f) => ({ file: f, text: readFileSync(path.join(outboxDir, f), "utf8") }));
    },
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Decodes a quoted-printable .eml body and returns the first link to `pathPrefix`. */
export function linkFromMail(text: string, pathPrefix: string): string | null {
  const decoded = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  const match = decoded.match(
    new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^\\s"<>]*`),
  );
  return match ? match[0].replace(/&amp;/g, "&") : null;
}

/**
 * `npm run admin:create` as the shop owner runs it (through the running server when one holds
 * `dataDir`). Resolves with its exit code and everything it printed.
 */
export function runAdminCreate(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(root, "node_modules/.bin/tsx"),
      [path.join(root, "scripts/admin-create.ts"), ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          LOG_LEVEL: "silent",
          NODE_ENV: "production",
          ...env,
        },
      },
    );
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/**
 * A staff account on a running test server, made the way the README says (an owner unless
 * `role: "staff"`); throws when that fails.
 */
export async function createStaff(
  server: TestServer,
  staff: { email: string; password: string; name: string; role?: "owner" | "staff" },
): Promise<void> {
  const result = await runAdminCreate(server.dataDir, [
    "--email",
    staff.email,
    "--password",
    staff.password,
    "--name",
    staff.name,
    ...(staff.role ? ["--role", staff.role] : []),
  ]);
  if (result.code !== 0) throw new Error(`admin:create failed (${result.code}):\n${result.output}`);
}
