// GET /api/delivery: the next delivery the shop can promise right now and the minimum order,
// for the home page, product pages and the cart. Those pages are the same cached bytes for
// every visitor, and the promise changes at each cut-off, so it is filled in from here.
import { loadDeliveryOptions } from "~/server/delivery/slots.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import type { Route } from "./+types/api.delivery";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ context }: Route.LoaderArgs) {
  const options = await loadDeliveryOptions(await dbOf(context));
  return Response.json(
    { promise: options.promise?.text ?? null, minimumOrder: options.minimumOrder },
    { headers: { "Cache-Control": "no-store" } },
  );
}
