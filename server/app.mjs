// The HTTP server: static files, compression, the React Router app, and a graceful stop.
// Plain JavaScript so production needs no TypeScript at run time.
import { randomUUID, timingSafeEqual } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { jsonLog, requestLog } from "./json-log.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAX_BODY_BYTES = Number(process.env.MAX_BODY_BYTES ?? 6 * 1024 * 1024);

export async function startServer({
  port = Number(process.env.PORT ?? 3000),
  host = process.env.HOST ?? "0.0.0.0",
} = {}) {
  const buildFile = path.join(root, "build/server/index.js");
  const build = await import(buildFile);
  const entry = build.entry.module;
  // The page cache answers before React Router runs: it reads the routes' cache declarations.
  entry.registerRouteDeclarations(build.routes);
  // Part of the catalog pages' ETag: a deploy changes the HTML even when the catalog did not.
  process.env.SHOP_BUILD_ID ??= build.assets.version;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY === "1");

  // Requests in flight, so a stop can wait for them.
  let inFlight = 0;
  let stopping = false;
  // One id per request, in the response and in every log line about it; the access-log line
  // once the response is over; requests counted in flight so a stop can wait for them.
  function track(req, res) {
    inFlight++;
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    res.on("close", () => {
      inFlight--;
      if (process.env.LOG_REQUESTS === "0") return;
      requestLog(res.statusCode >= 500 ? "error" : "info", "request", {
        requestId,
        method: req.method,
        // Express strips a mount's prefix from req.url; originalUrl is what was asked.
        path: (req.originalUrl ?? req.url).split("?")[0],
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      });
    });
    return requestId;
  }

  // The edge: a public catalog page already in the page cache, for a catalog version read
  // within the last second, is sent before Express, its middleware and React Router run
  // (page-cache.server.ts, immediatePageCacheAnswer). It needs none of them: the page is the
  // same bytes for every visitor (no cookie is read), its CSP allows its inline scripts by
  // hash, and a GET without a body has nothing to guard. Every other request (a body, a
  // malformed path, a miss, a stop under way) goes the whole way below.
  let securityHeaders;
  function answerAtTheEdge(req, res) {
    if (stopping || (req.method !== "GET" && req.method !== "HEAD")) return false;
    if (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined) return false;
    const url = req.url ?? "/";
    if (!url.startsWith("/") || url.startsWith("/assets/")) return false;
    try {
      decodeURIComponent(url.split("?")[0]);
    } catch {
      return false;
    }
    const answer = entry.immediatePageCacheAnswer({
      method: req.method,
      url,
      acceptEncoding: String(req.headers["accept-encoding"] ?? ""),
      ifNoneMatch: typeof req.headers["if-none-match"] === "string" ? req.headers["if-none-match"] : null,
    });
    if (!answer) return false;
    if (!securityHeaders) {
      securityHeaders = { ...entry.baseSecurityHeaders() };
      delete securityHeaders["Content-Security-Policy"];
    }
    const requestId = track(req, res);
    // A 304 carries no CSP (its headers replace the stored copy's), a 200 its own hashed one.
    res.writeHead(answer.status, { ...securityHeaders, ...answer.headers, "X-Request-Id": requestId });
    res.end(answer.body ?? undefined);
    return true;
  }

  app.use((req, res, next) => {
    if (stopping) res.setHeader("Connection", "close");
    const requestId = track(req, res);
    req.headers["x-request-id"] = requestId;
    res.setHeader("X-Request-Id", requestId);
    // Every response carries the security headers, whoever writes it (static files, the
    // 413 below, Express's own errors); React Router's pages set their nonce CSP themselves.
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      // A 304's headers replace the stored copy's: a CSP on it would swap the cached page's
      // nonce policy for the non-document one and the revalidated page would run no script.
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      for (const [name, value] of Object.entries(entry.baseSecurityHeaders())) {
        if (status === 304 && name === "Content-Security-Policy") continue;
        if (!res.hasHeader(name)) res.setHeader(name, value);
      }
      return writeHead.apply(this, args);
    };
    // Cookies are read once, one way: every later reader (the session, the cache decision)
    // gets the same canonical header (app/server/cookies.server.ts).
    const cookie = entry.canonicalCookieHeader(req.headers.cookie);
    if (cookie === undefined) delete req.headers.cookie;
    else req.headers.cookie = cookie;
    // Rate limits key on the socket address; a client cannot choose it.
    req.headers["x-client-ip"] = req.socket.remoteAddress ?? "unknown";
    // React Router hands its middleware the URL without ".data"; the outage answer needs to
    // know whether the browser's router (JSON) or a person (a page) asked.
    if (req.path.endsWith(".data")) req.headers["x-shop-data-request"] = "1";
    else delete req.headers["x-shop-data-request"];
    entry.runWithRequestId(requestId, () => next());
  });

  // A path with a broken percent escape ("/products/%E0%A4%A", "/healthz%") cannot be
  // routed; answer the friendly 400 page here, before any router tries to decode it.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      const page = entry.malformedUrlPage();
      res.status(page.status).set(page.headers).send(page.body);
      return;
    }
    next();
  });

  // Bodies larger than the shop ever needs (an image upload is at most 5 MB) are refused early.
  app.use((req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.status(413).type("text/plain; charset=utf-8").send("Data yang dikirim terlalu besar.");
      return;
    }
    // Browsers always state the size of what they post; a streamed body of unknown size
    // could grow without bound, so it is refused.
    if (req.headers["transfer-encoding"] && req.headers["content-length"] === undefined) {
      res.status(411).type("text/plain; charset=utf-8").send("Ukuran data harus disebutkan (Content-Length).");
      return;
    }
    next();
  });

  // Public catalog pages from the in-process page cache (app/server/page-cache.server.ts),
  // already compressed, before compression or React Router run. A miss is rendered by one
  // request while the others for the same URL wait for it (or get the previous version).
  app.use((req, res, next) => {
    entry
      .lookUpPageCache({
        method: req.method,
        url: req.originalUrl,
        acceptEncoding: String(req.headers["accept-encoding"] ?? ""),
        ifNoneMatch: typeof req.headers["if-none-match"] === "string" ? req.headers["if-none-match"] : null,
      })
      .then((lookup) => {
        if (lookup.kind === "answer") {
          res.writeHead(lookup.answer.status, lookup.answer.headers);
          res.end(lookup.answer.body ?? undefined);
          return;
        }
        if (lookup.kind === "render") res.on("close", lookup.rendered);
        next();
      }, next);
  });

  // The account menu's small private answer, asked on every page view: given here, before
  // React Router, whose route matching and middleware cost more than the answer itself
  // (app/server/visitor.server.ts). Should it fail (the database away), React Router answers
  // instead, with its outage page.
  app.get("/api/visitor", (req, res, next) => {
    const headers = new Headers();
    for (const name of ["cookie", "user-agent", "x-forwarded-for", "x-client-ip"])
      if (typeof req.headers[name] === "string") headers.set(name, req.headers[name]);
    entry
      .visitorResponse(new Request(`http://${req.headers.host ?? "localhost"}/api/visitor`, { headers }))
      .then(async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        res.statusCode = response.status;
        for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
        res.setHeader("Content-Length", String(body.length));
        res.end(body);
      })
      .catch(() => next());
  });

  // Live event streams must reach the browser event by event; compression would hold them back.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );

  // Hashed build assets never change: cache them for a year. The build writes .br and .gz
  // copies at the highest levels (server/precompress-plugin.ts); send those when the browser takes them.
  const assetsDir = path.join(root, "build/client/assets");
  const precompressed = new Set(
    existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => f.endsWith(".br") || f.endsWith(".gz")) : [],
  );
  app.use("/assets", (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (name.includes("/")) return next();
    const accepted = String(req.headers["accept-encoding"] ?? "");
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ]) {
      if (!new RegExp(`(^|[\\s,])${encoding}([\\s;,]|$)`).test(accepted) || !precompressed.has(name + suffix)) continue;
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Vary", "Accept-Encoding");
      res.type(path.extname(name));
      res.sendFile(
        path.join(assetsDir, name + suffix),
        { maxAge: "1y", immutable: true },
        (error) => error && next(error),
      );
      return;
    }
    next();
  });
  app.use("/assets", express.static(assetsDir, { immutable: true, maxAge: "1y", index: false }));
  // A missing hashed file (an old page asking for a previous build's chunk) is a plain 404, never a page or a 500.
  app.use("/assets", (req, res) => {
    res.status(404).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("Tidak ditemukan.");
  });
  app.use(
    express.static(path.join(root, "build/client"), {
      maxAge: "1h",
      index: false,
      setHeaders: (res, file) => {
        const name = path.basename(file);
        if (name === "sw.js") {
          // Re-checked on every visit so a fix reaches phones at once; the worker's own policy
          // must let it fetch from the shop (the non-document default forbids every request).
          res.setHeader("Cache-Control", "no-cache");
          res.setHeader(
            "Content-Security-Policy",
            "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
          );
        }
        // The offline page is a document with its own inline style and nothing else.
        if (name === "offline.html")
          res.setHeader(
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
          );
      },
    }),
  );

  // Local control channel for admin commands while the embedded database is in use.
  let controlToken = "";
  app.post("/__control/:command", express.json({ limit: "10kb" }), async (req, res) => {
    const remote = req.socket.remoteAddress ?? "";
    const given = Buffer.from(String(req.headers["x-control-token"] ?? ""));
    const expected = Buffer.from(controlToken);
    const isLocal = remote === "127.0.0.1" || remote === "::1" || remote === "::ffff:127.0.0.1";
    if (!isLocal || !controlToken || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(403).json({ error: "Ditolak." });
      return;
    }
    try {
      const result = await entry.runControlCommand(req.params.command, req.body);
      if (result.stream) {
        res.status(result.status).type("application/gzip");
        result.stream.on("error", () => res.destroy());
        result.stream.pipe(res);
        return;
      }
      res.status(result.status).json(result.body);
    } catch (error) {
      jsonLog("error", "control command failed", { command: req.params.command, error: String(error) });
      res.status(500).json({ error: "Perintah gagal dijalankan." });
    }
  });

  // Cross-site state changes get the root middleware's 403 here already: React Router's own
  // action check would otherwise answer them first, with a bare 400.
  app.use(async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const headers = new Headers();
    for (const name of ["origin", "sec-fetch-site"])
      if (typeof req.headers[name] === "string") headers.set(name, req.headers[name]);
    const request = new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, {
      method: req.method,
      headers,
    });
    if (!entry.isCrossSiteMutation(request)) return next();
    const refusal = entry.crossSiteRefusal();
    res
      .status(refusal.status)
      .set(Object.fromEntries(refusal.headers))
      .send(await refusal.text());
  });

  // Actions read their input with request.formData(): anything but a form (JSON, text, a
  // body without a type) would make that throw, a 500. Refuse it here with 415 instead; a
  // body-less POST (a logout button) counts as an empty form.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || req.path.startsWith("/__control/"))
      return next();
    const type = String(req.headers["content-type"] ?? "").toLowerCase();
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0;
    if (!type && !hasBody) {
      req.headers["content-type"] = "application/x-www-form-urlencoded";
      return next();
    }
    const media = type.split(";")[0].trim();
    if (media === "application/x-www-form-urlencoded" || (media === "multipart/form-data" && /boundary=/.test(type)))
      return next();
    // A webhook (Meta's WhatsApp) posts JSON; its route reads the raw bytes to check their signature.
    if (media === "application/json" && req.path.startsWith("/webhooks/")) return next();
    res.status(415).type("text/plain; charset=utf-8").send("Jenis data tidak didukung: kirim lewat formulir.");
  });

  app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV ?? "production" }));

  app.use((error, req, res, _next) => {
    // Express's own 400s (an undecodable parameter) are the client's mistake, not ours.
    if (error?.status === 400 || error instanceof URIError) {
      if (res.headersSent) return;
      const page = entry.malformedUrlPage();
      res.status(page.status).set(page.headers).send(page.body);
      return;
    }
    jsonLog("error", "unhandled", { path: req.path, error: String(error?.stack ?? error) });
    if (res.headersSent) return;
    res
      .status(500)
      .type("text/html; charset=utf-8")
      .send(
        "<!doctype html><html lang=id><title>Terjadi Kesalahan</title><p>Maaf, terjadi kesalahan. Silakan coba lagi.</p></html>",
      );
  });

  const server = createServer((req, res) => {
    if (!answerAtTheEdge(req, res)) app(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;

  try {
    ({ controlToken } = await entry.startServices({ port: actualPort }));
  } catch (error) {
    server.close();
    throw error;
  }

  // METRICS_LOG_SECONDS=N logs memory and load every N seconds: the soak test reads it, and an
  // operator can see whether memory levels off (heap = JavaScript objects; external and
  // arrayBuffers include the embedded database's WebAssembly memory).
  const metricsSeconds = Number(process.env.METRICS_LOG_SECONDS ?? 0);
  const metricsTimer =
    metricsSeconds > 0
      ? setInterval(() => {
          // Under `node --expose-gc` (a measurement, like the soak test) the figures are taken
          // after a full collection, so they show what is kept, not garbage not yet collected.
          globalThis.gc?.();
          const m = process.memoryUsage();
          const mb = (n) => Math.round((n / 1048576) * 10) / 10;
          jsonLog("info", "metrics", {
            rssMb: mb(m.rss),
            heapUsedMb: mb(m.heapUsed),
            heapTotalMb: mb(m.heapTotal),
            externalMb: mb(m.external),
            arrayBuffersMb: mb(m.arrayBuffers),
            pageCache: entry.pageCacheStats(),
            inFlight,
          });
        }, metricsSeconds * 1000)
      : null;
  metricsTimer?.unref();

  async function stop() {
    if (stopping) return;
    stopping = true;
    if (metricsTimer) clearInterval(metricsTimer);
    server.close();
    server.closeIdleConnections?.();
    // Open event streams never finish by themselves: end them now (browsers reconnect elsewhere).
    await entry.closeOrderEventStreams();
    const deadline = Date.now() + 8000;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    server.closeAllConnections?.();
    await entry.stopServices();
  }

  return { server, port: actualPort, stop };
}

export function buildExists() {
  return existsSync(path.join(root, "build/server/index.js"));
}
