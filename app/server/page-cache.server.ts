// The in-process page cache: public catalog pages (the same bytes for every visitor) are
// rendered once per catalog version and URL, kept brotli- and gzip-compressed, and sent by
// server/app.mjs before Express, its middleware and React Router run at all.
//
// - Key: the URL (path and query); each entry remembers the catalog ETag it was rendered
//   for, and an entry of an older version is a miss. The version lives in PostgreSQL
//   (catalog_state + products.updated_at, see http-cache.server.ts), so a staff change made
//   through any process is seen by every process within the ETag's one-second memo.
// - Single flight: while one request renders a URL, other requests for it wait for that
//   render (at most RENDER_WAIT_MS) and are answered from its stored copy, instead of 50
//   connections rendering the same page at once when a version turns over.
// - At the edge: a hit whose version is known (read within the last second) is answered by
//   immediatePageCacheAnswer, synchronously, before Express or any middleware runs; every
//   other case (version to read, render in flight, a miss) goes through lookUpPageCache.
// - Stale while re-rendering: when the version changed and one request is already rendering
//   the new page, the others get the previous copy (with its own, older ETag) for those few
//   milliseconds rather than queueing; the next request after the render gets the new one.
// - A re-render that produced the very same bytes (the ETag carries the minute, so entries
//   turn over every minute whether or not anything changed) keeps the compressed copies.
// - Bounded: an LRU of at most PAGE_CACHE_MB megabytes (all three encodings counted). A
//   search (`/search`, `?q=`) is stored on its second render, so one-off searches cost no
//   compression; every other catalog URL on its first.
// - Compression: gzip 9 and brotli 5 before the page is stored (a few milliseconds), then
//   brotli 11 in the thread pool, replacing the quick copy when done.
// - CSP: a stored page must not carry a nonce (every response would then share it). Its
//   nonce attributes are removed and its inline scripts allowed by their SHA-256 hashes.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { RouterContextProvider } from "react-router";
import {
  catalogEtagOf,
  CDN_CACHE_CONTROL,
  declaredCachePolicy,
  declaredCachePolicyOfPath,
  isDataRequest,
  currentCatalogEtag,
  knownCatalogEtag,
  etagMatches,
  PUBLIC_CACHE_CONTROL,
} from "./http-cache.server";
import { log } from "./logger.server";
import { hashedContentSecurityPolicy } from "./security-headers.server";

const brotli = promisify(brotliCompress);

type Encoding = "br" | "gzip" | "identity";

type CachedPage = {
  etag: string;
  contentType: string;
  csp: string;
  bodies: Record<Encoding, Buffer>;
  /** Brotli at quality 11 has replaced the quick copy. */
  finalBrotli: boolean;
};

/** How long a request waits for another request's render of the same URL before rendering itself. */
const RENDER_WAIT_MS = 3000;

const maxBytes = Math.max(1, Number(process.env.PAGE_CACHE_MB ?? 32) || 32) * 1024 * 1024;

const pages = new LRUCache<string, CachedPage>({
  maxSize: maxBytes,
  sizeCalculation: (page) => page.bodies.br.length + page.bodies.gzip.length + page.bodies.identity.length + 512,
});
/** Searches rendered once in their current version: the next render is stored. */
const seenOnce = new LRUCache<string, string>({ max: 5000 });

type Flight = { startedAt: number; waiters: number; done: Promise<void>; finish: () => void };
/** URLs one request is rendering now; the others wait for it (single flight). */
const rendering = new Map<string, Flight>();

/** Cached pages in memory now, for the metrics line and tests. */
export function pageCacheStats() {
  return { entries: pages.size, bytes: pages.calculatedSize, rendering: rendering.size };
}

/** Brotli, else gzip, else none, as the Accept-Encoding header allows (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string): Encoding {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith("q="));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

export type CachedAnswer = { status: 200 | 304; headers: Record<string, string>; body: Buffer | null };

/**
 * What server/app.mjs does with a request: send `answer` as it is; or let React Router render
 * it and call `rendered()` when the response is over (other requests for the URL wait for
 * that); or (`pass`) let React Router handle it as any other request.
 */
export type PageCacheLookup =
  { kind: "answer"; answer: CachedAnswer } | { kind: "render"; rendered: () => void } | { kind: "pass" };

const PASS: PageCacheLookup = { kind: "pass" };

/** Whether a URL is a search, stored only when asked for twice in a version. */
function isSearch(key: string): boolean {
  return key.startsWith("/search") || /[?&]q=/.test(key);
}

function cachedAnswer(page: CachedPage, method: string, acceptEncoding: string, state: string): PageCacheLookup {
  const encoding = preferredEncoding(acceptEncoding);
  const body = page.bodies[encoding];
  return {
    kind: "answer",
    answer: {
      status: 200,
      headers: {
        "Cache-Control": PUBLIC_CACHE_CONTROL,
        "CDN-Cache-Control": CDN_CACHE_CONTROL,
        ETag: page.etag,
        "Content-Type": page.contentType,
        "Content-Security-Policy": page.csp,
        "Content-Length": String(body.length),
        Vary: "Accept-Encoding",
        ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
        "X-Page-Cache": state,
      },
      body: method === "HEAD" ? null : body,
    },
  };
}

type PageRequest = { method: string; url: string; acceptEncoding: string; ifNoneMatch: string | null };

/** Whether a request may be answered from the cache at all: a GET/HEAD of a route declared "catalog". */
function isCatalogPageRequest(request: PageRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split("?")[0];
  // The route's own declaration decides; the browser router's data requests are never shared.
  return !pathname.endsWith(".data") && declaredCachePolicyOfPath(pathname) === "catalog";
}

function notModified(etag: string): CachedAnswer {
  const headers = { "Cache-Control": PUBLIC_CACHE_CONTROL, "CDN-Cache-Control": CDN_CACHE_CONTROL, ETag: etag };
  return { status: 304, headers, body: null };
}

/**
 * The cached answer when it is there at once, with nothing to wait for: the catalog version
 * read within the last second and a page stored for it (or the browser's copy current).
 * server/app.mjs asks this before anything else runs (no Express, no React Router); on null
 * the request goes the whole way, where lookUpPageCache decides with all the same rules.
 */
export function immediatePageCacheAnswer(request: PageRequest): CachedAnswer | null {
  if (!isCatalogPageRequest(request)) return null;
  const etag = knownCatalogEtag();
  if (!etag) return null;
  if (etagMatches(request.ifNoneMatch, etag)) return notModified(etag);
  const page = pages.get(request.url);
  if (page?.etag !== etag) return null;
  const lookup = cachedAnswer(page, request.method, request.acceptEncoding, "hit");
  return lookup.kind === "answer" ? lookup.answer : null;
}

/**
 * The answer for a GET/HEAD of a public catalog page: from the cache (or a 304 when the
 * browser's copy is current), from another request's render of the same URL, or a claim to
 * render it (single flight).
 */
export async function lookUpPageCache(request: PageRequest): Promise<PageCacheLookup> {
  if (!isCatalogPageRequest(request)) return PASS;
  const key = request.url;
  let etag: string;
  try {
    etag = await currentCatalogEtag();
  } catch {
    return PASS; // the render path says what is wrong with the database
  }
  if (etagMatches(request.ifNoneMatch, etag)) return { kind: "answer", answer: notModified(etag) };
  const page = pages.get(key);
  if (page?.etag === etag) return cachedAnswer(page, request.method, request.acceptEncoding, "hit");

  const flight = rendering.get(key);
  if (flight && Date.now() - flight.startedAt < RENDER_WAIT_MS) {
    // The previous version while the new one is being rendered: it was the page a moment ago.
    if (page) return cachedAnswer(page, request.method, request.acceptEncoding, "stale");
    flight.waiters++;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([flight.done, new Promise<void>((resolve) => (timer = setTimeout(resolve, RENDER_WAIT_MS)))]);
    clearTimeout(timer);
    const shared = pages.get(key);
    if (shared?.etag === etag) return cachedAnswer(shared, request.method, request.acceptEncoding, "shared");
    return PASS; // that render was not stored (an error, a redirect): render this one too
  }
  if (request.method !== "GET" || flight) return PASS;

  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const claim: Flight = { startedAt: Date.now(), waiters: 0, done, finish };
  rendering.set(key, claim);
  return {
    kind: "render",
    rendered: () => {
      if (rendering.get(key) === claim) rendering.delete(key);
      claim.finish();
    },
  };
}

/** SHA-256 sources for every inline script of a document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1])) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Root middleware: a public catalog page React Router rendered is made shareable and
 * stored. The version is read before the render, so a page is never stored under a newer
 * version than the data it shows.
 */
export async function pageCacheMiddleware(
  request: Request,
  context: Readonly<RouterContextProvider>,
  next: () => Promise<Response>,
): Promise<Response> {
  if (request.method !== "GET" || isDataRequest(request)) return next();
  const response = await next();
  if (declaredCachePolicy(context) !== "catalog") return response;
  // Read by the route's declaration before it rendered.
  const etag = catalogEtagOf(context);
  const url = new URL(request.url);
  const key = `${url.pathname}${url.search}`;
  if (!etag || response.status !== 200 || !response.headers.get("Cache-Control")?.startsWith("public")) {
    // A page that is gone (404), moved or failing must not be served stale from an older copy.
    if (response.status !== 304) pages.delete(key);
    return response;
  }
  return shareablePage(key, response, etag);
}

/**
 * A rendered public catalog page made shareable: without its nonce, with a CSP listing its
 * inline scripts' hashes; stored compressed (a search from its second render on).
 */
export async function shareablePage(key: string, response: Response, etag: string): Promise<Response> {
  const contentType = response.headers.get("Content-Type") ?? "";
  if (!contentType.startsWith("text/html")) return response;
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  let html = await response.text();
  if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
  const csp = hashedContentSecurityPolicy(inlineScriptHashes(html));
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Page-Cache", "miss");

  const waiting = (rendering.get(key)?.waiters ?? 0) > 0;
  if (!isSearch(key) || waiting || seenOnce.get(key) === etag) {
    store(key, { etag, contentType, csp, html });
    // The waiting requests can be answered now, before this one's bytes are even written.
    const flight = rendering.get(key);
    if (flight) {
      rendering.delete(key);
      flight.finish();
    }
  } else seenOnce.set(key, etag);
  return new Response(html, { status: response.status, headers });
}

function store(key: string, page: { etag: string; contentType: string; csp: string; html: string }): void {
  try {
    const identity = Buffer.from(page.html, "utf8");
    const previous = pages.peek(key);
    if (previous && previous.contentType === page.contentType && previous.bodies.identity.equals(identity)) {
      // Same bytes under a new version (the minute turned over): keep the compressed copies.
      pages.set(key, { ...previous, etag: page.etag, csp: page.csp });
      return;
    }
    const entry: CachedPage = {
      etag: page.etag,
      contentType: page.contentType,
      csp: page.csp,
      bodies: {
        identity,
        gzip: gzipSync(identity, { level: 9 }),
        br: brotliCompressSync(identity, brotliOptions(identity.length, 5)),
      },
      finalBrotli: false,
    };
    pages.set(key, entry);
    void brotli(identity, brotliOptions(identity.length, 11)).then(
      (br) => {
        // Only if the entry is still the one compressed (not replaced or evicted meanwhile).
        if (pages.peek(key) !== entry) return;
        pages.set(key, { ...entry, bodies: { ...entry.bodies, br }, finalBrotli: true });
      },
      (error: unknown) => log.warn("page cache: compression failed", { error, key }),
    );
  } catch (error) {
    log.warn("page cache: compression failed", { error, key });
  }
}

function brotliOptions(size: number, quality: number) {
  return {
    params: {
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** Empties the cache (tests; a process that learns the catalog changed need not wait). */
export function clearPageCache() {
  pages.clear();
  seenOnce.clear();
}
