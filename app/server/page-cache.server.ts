// The in-process page cache: public catalog pages (the same bytes for every visitor) are
// rendered once per catalog version and URL, kept brotli- and gzip-compressed, and sent by
// server/app.mjs before React Router runs at all.
//
// - Key: the URL (path and query); each entry remembers the catalog ETag it was rendered
//   for, and an entry of an older version is a miss. The version lives in PostgreSQL
//   (catalog_state + products.updated_at, see http-cache.server.ts), so a staff change made
//   through any process is seen by every process within the ETag's one-second memo.
// - Bounded: an LRU of at most PAGE_CACHE_MB megabytes (all three encodings counted). A URL
//   is stored on its second render within a version, so one-off searches cost no compression.
// - CSP: a stored page must not carry a nonce (every response would then share it). Its
//   nonce attributes are removed and its inline scripts allowed by their SHA-256 hashes.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import {
  cachePolicyFor,
  CDN_CACHE_CONTROL,
  currentCatalogEtag,
  etagMatches,
  PUBLIC_CACHE_CONTROL,
} from "./http-cache.server";
import { log } from "./logger.server";
import { hashedContentSecurityPolicy } from "./security-headers.server";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = "br" | "gzip" | "identity";

type CachedPage = {
  etag: string;
  contentType: string;
  csp: string;
  bodies: Record<Encoding, Buffer>;
};

const maxBytes = Math.max(1, Number(process.env.PAGE_CACHE_MB ?? 32) || 32) * 1024 * 1024;

const pages = new LRUCache<string, CachedPage>({
  maxSize: maxBytes,
  sizeCalculation: (page) => page.bodies.br.length + page.bodies.gzip.length + page.bodies.identity.length + 512,
});
/** URLs rendered once in their current version: the next render is stored. */
const seenOnce = new LRUCache<string, string>({ max: 5000 });
/** URLs being compressed now, so a burst of misses compresses each page once. */
const filling = new Set<string>();

/** Cached pages in memory now, for the metrics line and tests. */
export function pageCacheStats() {
  return { entries: pages.size, bytes: pages.calculatedSize };
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
 * The answer for a GET/HEAD of a public catalog page, from the cache (or a 304 when the
 * browser's copy is current), or null when React Router must render it.
 */
export async function answerFromPageCache(request: {
  method: string;
  url: string;
  acceptEncoding: string;
  ifNoneMatch: string | null;
}): Promise<CachedAnswer | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const pathname = request.url.split("?")[0];
  const { policy, isData } = cachePolicyFor(pathname);
  if (policy !== "catalog" || isData) return null;
  let etag: string;
  try {
    etag = await currentCatalogEtag();
  } catch {
    return null; // the render path says what is wrong with the database
  }
  const common = { "Cache-Control": PUBLIC_CACHE_CONTROL, "CDN-Cache-Control": CDN_CACHE_CONTROL, ETag: etag };
  const page = pages.get(request.url);
  if (etagMatches(request.ifNoneMatch, etag)) return { status: 304, headers: common, body: null };
  if (!page || page.etag !== etag) return null;
  const encoding = preferredEncoding(request.acceptEncoding);
  const body = page.bodies[encoding];
  return {
    status: 200,
    headers: {
      ...common,
      "Content-Type": page.contentType,
      "Content-Security-Policy": page.csp,
      "Content-Length": String(body.length),
      Vary: "Accept-Encoding",
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
      "X-Page-Cache": "hit",
    },
    body: request.method === "HEAD" ? null : body,
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
 * Root middleware: a public catalog page React Router rendered is made shareable and, from
 * its second render on, stored. The version is read before the render, so a page is never
 * stored under a newer version than the data it shows.
 */
export async function pageCacheMiddleware(request: Request, next: () => Promise<Response>): Promise<Response> {
  const { policy, isData } = cachePolicyFor(new URL(request.url).pathname);
  // React Router hands middleware a data request's URL without ".data"; the server marks those.
  const dataRequest = isData || request.headers.get("x-shop-data-request") === "1";
  if (request.method !== "GET" || policy !== "catalog" || dataRequest) return next();
  const etag = await currentCatalogEtag().catch(() => null);
  const response = await next();
  if (!etag || response.status !== 200 || !response.headers.get("Cache-Control")?.startsWith("public")) return response;
  return shareablePage(request, response, etag);
}

/**
 * A rendered public catalog page made shareable: without its nonce, with a CSP listing its
 * inline scripts' hashes; stored (compressed) from the second render of its URL on.
 */
export async function shareablePage(request: Request, response: Response, etag: string): Promise<Response> {
  const contentType = response.headers.get("Content-Type") ?? "";
  if (!contentType.startsWith("text/html")) return response;
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  let html = await response.text();
  if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
  const csp = hashedContentSecurityPolicy(inlineScriptHashes(html));
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", csp);
  headers.set("X-Page-Cache", "miss");

  const url = new URL(request.url);
  const key = `${url.pathname}${url.search}`;
  if (seenOnce.get(key) === etag && !filling.has(key)) {
    filling.add(key);
    void compressAndStore(key, { etag, contentType, csp, html }).finally(() => filling.delete(key));
  } else seenOnce.set(key, etag);
  return new Response(html, { status: response.status, headers });
}

async function compressAndStore(
  key: string,
  page: { etag: string; contentType: string; csp: string; html: string },
): Promise<void> {
  try {
    const identity = Buffer.from(page.html, "utf8");
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_QUALITY]: 11,
          [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipAsync(identity, { level: 9 }),
    ]);
    pages.set(key, {
      etag: page.etag,
      contentType: page.contentType,
      csp: page.csp,
      bodies: { br, gzip: gz, identity },
    });
  } catch (error) {
    log.warn("page cache: compression failed", { error, key });
  }
}

/** Empties the cache (tests; a process that learns the catalog changed need not wait). */
export function clearPageCache() {
  pages.clear();
  seenOnce.clear();
}
