// Each route's one declaration, next to its loader: how its answers may be kept and who may
// open it. `export const middleware = [routePolicy({ cache: "private", access: "staff" })]`.
// The cache half is `cachePolicy` (app/server/http-cache.server.ts); the access half is
// enforced before any loader or action runs (app/server/accounts/access.server.ts), and the
// route reads the actor with `actorOf(context, "staff")`. Both halves stay readable on the
// middleware, for the page cache, the admin navigation and app/routes.test.ts.
import type { MiddlewareFunction } from "react-router";
import type { Access } from "~/lib/access";
import { enforceAccess, untoldRefusal } from "./accounts/access.server";
import { cachePolicy, type CachePolicy } from "./http-cache.server";
import { log } from "./logger.server";

export type RoutePolicy = { cache: CachePolicy; access: Access };

export type RoutePolicyMiddleware = MiddlewareFunction<Response> & { cachePolicy: CachePolicy; access: Access };

export function routePolicy(policy: RoutePolicy): RoutePolicyMiddleware {
  const cache = cachePolicy(policy.cache);
  const middleware: MiddlewareFunction<Response> = async (args, next) => {
    await enforceAccess(args.context, args.request, policy.access);
    const response = await cache(args, next);
    // A refused person's 403 is thrown by the route's first actorOf; a route that never asked
    // is a mistake app/routes.test.ts exists to catch.
    if (response && response.status < 400 && untoldRefusal(args.context))
      log.error("route answered a refused request: its loader or action never called actorOf", {
        url: args.request.url,
      });
    return response;
  };
  return Object.assign(middleware, { cachePolicy: policy.cache, access: policy.access });
}

/** The policy a route module declared in its middleware, if any. */
export function declaredPolicy(module: { middleware?: unknown }): RoutePolicy | undefined {
  const list = Array.isArray(module.middleware) ? (module.middleware as Partial<RoutePolicyMiddleware>[]) : [];
  const found = list.find((m) => m.cachePolicy !== undefined && m.access !== undefined);
  return found ? { cache: found.cachePolicy!, access: found.access! } : undefined;
}
