// Each route's one declaration, next to its loader: how its answers may be kept and who may
// open it. `export const middleware = [routePolicy({ cache: "private", access: "staff" })]`.
// The cache half is `cachePolicy` (app/server/http-cache.server.ts); the access half is
// enforced before any loader or action runs (app/server/accounts/access.server.ts), and the
// route reads the actor with `actorOf(context, "staff")`. Both halves stay readable on the
// middleware, for the page cache, the admin navigation and app/routes.test.ts.
import type { MiddlewareFunction } from "react-router";
import type { Access } from "~/lib/access";
import { enforceAccess } from "./accounts/access.server";
import { cachePolicy, type CachePolicy } from "./http-cache.server";

export type RoutePolicy = { cache: CachePolicy; access: Access };

export type RoutePolicyMiddleware = MiddlewareFunction<Response> & { cachePolicy: CachePolicy; access: Access };

export function routePolicy(policy: RoutePolicy): RoutePolicyMiddleware {
  const cache = cachePolicy(policy.cache);
  const middleware: MiddlewareFunction<Response> = async (args, next) => {
    await enforceAccess(args.context, args.request, policy.access);
    return cache(args, next);
  };
  return Object.assign(middleware, { cachePolicy: policy.cache, access: policy.access });
}

/** The policy a route module declared in its middleware, if any. */
export function declaredPolicy(module: { middleware?: unknown }): RoutePolicy | undefined {
  const list = Array.isArray(module.middleware) ? (module.middleware as Partial<RoutePolicyMiddleware>[]) : [];
  const found = list.find((m) => m.cachePolicy !== undefined && m.access !== undefined);
  return found ? { cache: found.cachePolicy!, access: found.access! } : undefined;
}
