// HTTP caching of whole pages. Each route declares its policy (`cachePolicy` below) next to
// its loader; the root middleware enforces what follows from it:
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
import {
  createContext,
  matchRoutes,
  type MiddlewareFunction,
  type RouteObject,
  type RouterContextProvider,
} from "react-router";
import { LRUCache } from "lru-cache";
import { getDb } from "./db.server";
import { renderedForUser } from "./request-context.server";
import { log } from "./logger.server";

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=60";
/** Only for CDNs (RFC 9213 targeted caching); browsers and nginx ignore it. */
export const CDN_CACHE_CONTROL = "max-age=60, stale-while-revalidate=300";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * How a route's answers may be kept, declared by the route itself next to its loader:
 * `export const middleware = [cachePolicy("catalog")]`.
 * - "catalog": the same bytes for every visitor (public, ETag, 304, stored by the page cache);
 * - "asset": public bytes whose own Cache-Control the route sets (images, robots.txt);
 * - "private": personal or changing answers, `private, no-store`.
 * A route that declares nothing is private; app/routes.test.ts walks app/routes.ts to keep it so.
 */
export type CachePolicy = "catalog" | "asset" | "private";

type CacheState = { policy?: CachePolicy; etag?: string | null };
const cacheState = createContext<CacheState | null>(null);

function stateOf(context: Readonly<RouterContextProvider>): CacheState {
  const state = context.get(cacheState);
  if (state) return state;
  const fresh: CacheState = {};
  (context as RouterContextProvider).set(cacheState, fresh);
  return fresh;
}

/** A client-side data request (`.data`): the browser's own, never a shared cache's. */
export function isDataRequest(request: Request): boolean {
  return request.headers.get("x-shop-data-request") === "1" || new URL(request.url).pathname.endsWith(".data");
}

/** The policy a route's middleware declared for this request (undefined: none, so private). */
export function declaredCachePolicy(context: Readonly<RouterContextProvider>): CachePolicy | undefined {
  return stateOf(context).policy;
}

/** The catalog version read before this catalog page rendered (for the page cache). */
export function catalogEtagOf(context: Readonly<RouterContextProvider>): string | null {
  return stateOf(context).etag ?? null;
}

type BuiltRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { middleware?: unknown[] };
};

let routeTable: RouteObject[] | null = null;
const policyById = new Map<string, CachePolicy>();
// matchRoutes flattens and ranks the whole route table on every call (about half a
// millisecond here, more than answering a cached page): remember the answer per path.
const policyByPath = new LRUCache<string, CachePolicy | "none">({ max: 5000 });

function declaredIn(module: BuiltRoute["module"]): CachePolicy | undefined {
  for (const m of module.middleware ?? []) {
    const policy = (m as { cachePolicy?: CachePolicy }).cachePolicy;
    if (policy) return policy;
  }
  return undefined;
}

/**
 * The server hands over the built route table at start-up, so the page cache (which answers
 * before React Router runs) reads the same declarations as the routes' own middleware.
 */
export function registerRouteDeclarations(routes: Record<string, BuiltRoute | undefined>): void {
  const all = Object.values(routes).filter((r): r is BuiltRoute => Boolean(r));
  policyById.clear();
  policyByPath.clear();
  for (const route of all) {
    const policy = declaredIn(route.module);
    if (policy) policyById.set(route.id, policy);
  }
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: childrenOf(r.id) },
      );
  routeTable = childrenOf(undefined);
}

/** The policy the route answering this path declared; undefined before start-up or when none. */
export function declaredCachePolicyOfPath(pathname: string): CachePolicy | undefined {
  if (!routeTable) return undefined;
  const known = policyByPath.get(pathname);
  if (known) return known === "none" ? undefined : known;
  const matches = matchRoutes(routeTable, pathname);
  const leaf = matches?.[matches.length - 1]?.route.id;
  const policy = leaf ? policyById.get(leaf) : undefined;
  policyByPath.set(pathname, policy ?? "none");
  return policy;
}

/** A route's cache declaration, as route middleware; the policy is readable for the route walk test. */
export function cachePolicy(policy: CachePolicy): MiddlewareFunction<Response> & { cachePolicy: CachePolicy } {
  const middleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
    const state = stateOf(context);
    state.policy = policy;
    if (policy !== "catalog" || isDataRequest(request) || (request.method !== "GET" && request.method !== "HEAD"))
      return next();
    return catalogPage(request, state, next);
  };
  return Object.assign(middleware, { cachePolicy: policy });
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
// seen one second later, and every process asks the shared database for itself. When the
// memo runs out, the requests arriving meanwhile share the one query in flight.
const ETAG_MEMO_MS = 1000;
let memo: { etag: string; until: number } | undefined;
let asking: Promise<string> | undefined;

/** The catalog's version when this process read it within the last second; undefined otherwise. */
export function knownCatalogEtag(now = Date.now()): string | undefined {
  return memo && memo.until > now ? memo.etag : undefined;
}

export function currentCatalogEtag(): Promise<string> {
  const now = Date.now();
  if (memo && memo.until > now) return Promise.resolve(memo.etag);
  asking ??= getDb()
    .then((db) => catalogEtag(db, now))
    .then((etag) => {
      memo = { etag, until: now + ETAG_MEMO_MS };
      return etag;
    })
    .finally(() => (asking = undefined));
  return asking;
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

/** A catalog page: the same bytes for everyone, whatever cookies come with the request. */
async function catalogPage(request: Request, state: CacheState, next: () => Promise<Response>): Promise<Response> {
  let etag: string;
  try {
    etag = await currentCatalogEtag();
  } catch (error) {
    // Without the database the page itself will fail and say so; no caching headers then.
    log.warn("catalog version unavailable", { error });
    state.etag = null;
    return next();
  }
  state.etag = etag;
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

/**
 * Root middleware, around every route's own declaration: a data request, a route that
 * declared nothing or "private", and any answer rendered for a signed-in user (whatever the
 * session cookie looked like: it is the looked-up user that counts) are `private, no-store`.
 */
export async function httpCacheMiddleware(
  request: Request,
  context: Readonly<RouterContextProvider>,
  next: () => Promise<Response>,
): Promise<Response> {
  const state = stateOf(context);
  let response = await next();
  if (response.status === 304) return response;
  const policy = state.policy;
  const shared = policy === "catalog" || policy === "asset";
  const personal = !shared || isDataRequest(request) || (await renderedForUser(context));
  if (!personal && response.headers.has("Cache-Control")) return response;
  // A fetched response (a stored image) has headers that cannot change: answer with a copy.
  if (!mutableHeaders(response)) response = new Response(response.body, response);
  response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  response.headers.delete("CDN-Cache-Control");
  response.headers.delete("ETag");
  return response;
}

function mutableHeaders(response: Response): boolean {
  try {
    response.headers.set("X-Shop-Cache-Probe", "1");
    response.headers.delete("X-Shop-Cache-Probe");
    return true;
  } catch {
    return false;
  }
}
