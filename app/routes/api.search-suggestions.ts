// GET /api/search-suggestions?q=: what the search box offers while typing. The same answer
// for everyone (nothing personal), so it is cached like a catalog page (http-cache.server.ts).
import { normalizeQuery } from "~/lib/catalog-filters";
import { suggestProducts } from "~/server/catalog/public.server";
import type { Route } from "./+types/api.search-suggestions";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = normalizeQuery(new URL(request.url).searchParams.get("q"));
  const { suggestions, closest } = await suggestProducts(await dbOf(context), q);
  return Response.json({ q, closest, suggestions });
}
