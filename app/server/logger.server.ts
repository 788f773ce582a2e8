// Structured logs: one JSON object per line. Secrets never reach the log: fields whose
// names look like credentials are masked, and URLs lose their query strings' tokens.
import { AsyncLocalStorage } from "node:async_hooks";

// The request a log line belongs to: server/app.mjs runs each request inside runWithRequestId,
// so every line written while answering it carries the same id as its access-log line.
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId }, fn);
}

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_KEY = /pass(word)?|token|secret|cookie|authorization|session/i;

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info")) as Level | "silent";
  return ORDER[level] ?? ORDER.info;
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4) return "[…]";
  if (typeof value === "string") return value.replace(/([?&](?:token|code|key)=)[^&\s]+/gi, "$1[redacted]");
  if (value instanceof Error)
    return { name: value.name, message: redact(value.message), stack: value.stack?.split("\n").slice(0, 6).join("\n") };
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redact(v, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? "[redacted]" : redact(v, depth + 1)]),
    );
  }
  return value;
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < threshold()) return;
  const requestId = requestContext.getStore()?.requestId;
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    ...(requestId ? { requestId } : {}),
    ...(redact(fields ?? {}) as object),
  });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

/**
 * A line for the person who started the server that must reach them whole, at every log
 * level: the first-run set-up link, whose token the redaction would hide. Nothing else.
 */
export function announce(msg: string, fields: Record<string, string>): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: "info", msg, ...fields })}\n`);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
