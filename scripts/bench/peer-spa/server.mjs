// Serves the built comparison shop for `bench:pages`: a minimal Node static server in its own
// process, over plain HTTP with gzip (as the shop is served on localhost), hashed assets cached for
// a year, any other path answered with index.html (a single-page app). Started with the build
// directory as its argument; prints its port on the first line of stdout.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dir = process.argv[2];
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

const files = new Map();
(function walk(sub) {
  for (const name of readdirSync(path.join(dir, sub))) {
    const rel = `${sub}/${name}`;
    if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
    else {
      const body = readFileSync(path.join(dir, rel));
      files.set(rel, { body, gzip: gzipSync(body), type: TYPES[path.extname(name)] ?? "application/octet-stream" });
    }
  }
})("");

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost").pathname;
  const file = files.get(url) ?? (path.extname(url) ? undefined : files.get("/index.html"));
  if (!file) {
    res.writeHead(404, { "Content-Length": "0" });
    res.end();
    return;
  }
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const body = gzip ? file.gzip : file.body;
  res.writeHead(200, {
    "Content-Type": file.type,
    "Content-Length": body.length,
    "Cache-Control": url.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
    Vary: "Accept-Encoding",
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on("SIGTERM", () => process.exit(0));
