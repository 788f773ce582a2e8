// The server process's own log lines (start, build, workers, requests), in the same JSON-line
// shape as the app's logger (app/server/logger.server.ts), which lives in the build and so is
// not there before the build exists or outside a request.
export function jsonLog(level, msg, fields = {}) {
  if (process.env.LOG_LEVEL === "silent") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}
