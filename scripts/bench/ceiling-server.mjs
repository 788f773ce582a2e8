// The ceiling `bench:http` measures catalog pages against: a minimal Node HTTP server in its
// own process sending bytes already in memory, nothing else (no routing, no middleware, no
// logging). Started by scripts/bench/http.ts with a JSON file of pages (path, status, headers,
// base64 body) fetched once from the shop; it prints its port on the first line of stdout.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const pages = new Map(
  JSON.parse(readFileSync(process.argv[2], "utf8")).map((page) => [
    page.path,
    { status: page.status, headers: page.headers, body: Buffer.from(page.body, "base64") },
  ]),
);

const server = createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) {
    res.writeHead(404, { "Content-Length": "0" });
    res.end();
    return;
  }
  res.writeHead(page.status, page.headers);
  res.end(page.body);
});
server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on("SIGTERM", () => process.exit(0));
