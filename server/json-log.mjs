// The server process's own log lines (start, build, workers, one access line per request), in
// the same JSON-line shape as the app's logger (app/server/logger.server.ts), which lives in
// the build and so is not there before the build exists or outside a request: `time` (ISO),
// `level` ("info", "warn", "error"), `msg` and the fields. Written by pino.
//
// The access lines (`requestLog`, one per request) go to an asynchronous destination: a line
// is queued and written by the thread pool, so a slow reader of the output (a pipe to a
// supervisor, a full disk) never holds up the event loop answering requests, and pino writes
// what is queued when the process exits. The few other lines (`jsonLog`) are written at once,
// so 'building the shop' shows before the build, not after it.
import pino from "pino";

const options = {
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
};
const loggers = new Map();

function logger(fd, sync) {
  const key = `${fd}-${sync}`;
  let found = loggers.get(key);
  if (!found) {
    found = pino(options, pino.destination({ dest: fd, sync, minLength: 0 }));
    loggers.set(key, found);
  }
  return found;
}

function write(sync, level, msg, fields) {
  if (process.env.LOG_LEVEL === "silent") return;
  const toStderr = level === "error" || level === "warn";
  logger(toStderr ? 2 : 1, sync)[toStderr ? level : "info"](fields, msg);
}

export function jsonLog(level, msg, fields = {}) {
  write(true, level, msg, fields);
}

/** The access line of a request, written without blocking the event loop. */
export function requestLog(level, msg, fields = {}) {
  write(false, level, msg, fields);
}
