// GET /api/stock-alerts?productId=: whether the signed-in shopper already waits for this
// product. The product page is the same for everyone (cached publicly); this small personal
// answer fills the 'Kabari Saya' button on the client and is never stored by anyone.
import { PRIVATE_CACHE_CONTROL } from "~/server/http-cache.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf, userOf } from "~/server/request-context.server";
import { isSubscribed } from "~/server/catalog/stock-alerts.server";
import type { Route } from "./+types/api.stock-alerts";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await userOf(context);
  const productId = new URL(request.url).searchParams.get("productId") ?? "";
  const subscribed = user ? await isSubscribed(await dbOf(context), user, productId) : false;
  return Response.json(
    { signedIn: Boolean(user), subscribed },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL, Vary: "Cookie" } },
  );
}
