// HTTP caching of whole pages, decided in one place (the root middleware calls it):
// - public catalog pages, the same bytes for every visitor signed in or not (nothing
//   personal is rendered on the server; see VisitorProvider): a shared cache (CDN, nginx) may
//   keep them 60 s and, told by `CDN-Cache-Control` (RFC 9213), serve them stale while it
//   revalidates; browsers must revalidate every time (no stale-while-revalidate for them:
//   a browser would show yesterday's price once) and get a bodiless 304 while the catalog
//   has not changed;
// - every page with personal data: `private, no-store`, never kept by anyone.
import { max, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { catalogState, products } from "~/db/schema";
import { getDb } from "./db.server";
import { log } from "./logger.server";

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=60";
/** Only for CDNs (RFC 9213 targeted caching); browsers and nginx ignore it. */
export const CDN_CACHE_CONTROL = "max-age=60, stale-while-revalidate=300";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

const CATALOG_PAGES = [
  /^\/$/,
  /^\/products\/?$/,
  /^\/products\/[^/]+\/?$/,
  /^\/categories\/?$/,
  /^\/categories\/[^/]+\/?$/,
  /^\/category\/[^/]+\/?$/,
  /^\/search\/?$/,
  /^\/sitemap\.xml$/,
  // Content pages: nothing on them depends on who asks either.
  /^\/(about|supply-with-us|contact|terms|privacy)\/?$/,
];
const PERSONAL_PAGES = [
  /^\/checkout(\/|$)/,
  /^\/cart(\/|$)/,
  /^\/profile(\/|$)/,
  /^\/addresses(\/|$)/,
  /^\/orders(\/|$)/,
  /^\/order-success(\/|$)/,
  /^\/admin(\/|$)/,
  /^\/logout(\/|$)/,
  /^\/api\/visitor(\/|$)/,
  /^\/favorites(\/|$)/,
  /^\/api\/favorites(\/|$)/,
];

export type CachePolicy = "catalog" | "personal" | "default";

/** What kind of page a path is; client-side data requests (`.data`) count as their page. */
export function cachePolicyFor(pathname: string): { policy: CachePolicy; isData: boolean } {
  const isData = pathname.endsWith(".data");
  const page = isData ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") || "/" : pathname;
  if (PERSONAL_PAGES.some((p) => p.test(page))) return { policy: "personal", isData };
  if (CATALOG_PAGES.some((p) => p.test(page))) return { policy: "catalog", isData };
  return { policy: "default", isData };
}

/**
 * The catalog's version: staff changes (catalog_state, bumped by triggers), the newest
 * product change (stock taken by a sale) and the build (a deploy changes every page). The
 * minute is part of it so a change committed out of order is seen within a minute anyway.
 */
export async function catalogEtag(db: Queryable, now = Date.now()): Promise<string> {
  const [row] = await db
    .select({
      version: catalogState.version,
      newest: sql<
        string | null
      >`extract(epoch from (${db.select({ at: max(products.updatedAt) }).from(products)}))::text`,
    })
    .from(catalogState)
    .limit(1);
  const build = process.env.SHOP_BUILD_ID ?? "dev";
  const newest = Math.round(Number(row?.newest ?? 0) * 1e6);
  return `W/"${build}-${row?.version ?? 0}-${newest.toString(36)}-${Math.floor(now / 60_000).toString(36)}"`;
}

// Per-process memo of the ETag for one second: under load every catalog request would
// otherwise ask the database the same question. Safe per process: at worst a change is
// seen one second later, and every process asks the shared database for itself.
const ETAG_MEMO_MS = 1000;
let memo: { etag: string; until: number } | undefined;

export async function currentCatalogEtag(): Promise<string> {
  const now = Date.now();
  if (memo && memo.until > now) return memo.etag;
  const etag = await catalogEtag(await getDb(), now);
  memo = { etag, until: now + ETAG_MEMO_MS };
  return etag;
}

/**
 * Weak comparison (RFC 9110 8.8.3.2) of an If-None-Match header with our ETag. `*` never
 * matches: it means "any current representation", and the 304 is decided before the loader
 * knows whether the page exists (`/products/no-such-thing` must stay a 404).
 */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() !== "*" && opaque(tag) === opaque(etag));
}

/** Root middleware: answers 304 before any loader runs, or labels the response it gets. */
export async function httpCacheMiddleware(request: Request, next: () => Promise<Response>): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const { policy, isData: dataPath } = cachePolicyFor(new URL(request.url).pathname);
  // React Router hands middleware the page's URL without ".data"; the server marks those.
  const isData = dataPath || request.headers.get("x-shop-data-request") === "1";
  if (isData) {
    // Only documents are shared-cacheable: a `.data` answer is the browser's own, never a proxy's.
    const response = await next();
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return response;
  }
  if (policy === "default") return next();
  if (policy === "personal") {
    const response = await next();
    if (policy === "personal") response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return response;
  }

  // A catalog page: the same bytes for everyone, whatever cookies come with the request
  // (the visitor's own parts are filled in on the client from /api/visitor).
  let etag: string;
  try {
    etag = await currentCatalogEtag();
  } catch (error) {
    // Without the database the page itself will fail and say so; no caching headers then.
    log.warn("catalog version unavailable", { error });
    return next();
  }
  const headers = new Headers({
    "Cache-Control": PUBLIC_CACHE_CONTROL,
    "CDN-Cache-Control": CDN_CACHE_CONTROL,
    ETag: etag,
  });
  if (etagMatches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  const response = await next();
  if (response.status === 200 && !response.headers.has("Set-Cookie")) {
    response.headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
    response.headers.set("CDN-Cache-Control", CDN_CACHE_CONTROL);
    response.headers.set("ETag", etag);
  } else if (response.headers.has("Set-Cookie")) {
    // A cookie is for one browser only: such an answer is never public.
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  } else {
    // Not-found and error pages must not be kept by a shared cache as if they were the page.
    response.headers.set("Cache-Control", "no-store");
  }
  return response;
}
