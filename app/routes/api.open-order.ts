// GET /api/open-order: the signed-in shopper's order that still takes additions, for
// 'Tambah ke Pesanan #xxxx' on a product page. The product page is the same for everyone (cached
// publicly); this small personal answer fills that button on the client and is never stored.
import { PRIVATE_CACHE_CONTROL } from "~/server/http-cache.server";
import { routePolicy } from "~/server/route-policy.server";
import { openOrderForAdditions } from "~/server/orders/additions.server";
import { dbOf, userOf } from "~/server/request-context.server";
import type { Route } from "./+types/api.open-order";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ context }: Route.LoaderArgs) {
  const user = await userOf(context);
  const order = user ? await openOrderForAdditions(await dbOf(context), user.id) : null;
  return Response.json({ order }, { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL, Vary: "Cookie" } });
}
