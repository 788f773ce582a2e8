// GET /api/cart-products?ids=a,b,c: today's name, price, discount and stock of the products
// in a cart, so the cart never shows yesterday's price. Unknown and hidden ids are left out.
import { MAX_CART_LINES } from "~/lib/cart";
import { getCartProducts } from "~/server/catalog/public.server";
import type { Route } from "./+types/api.cart-products";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

// Today's prices, never kept: the root middleware answers it `private, no-store`.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = new URL(request.url).searchParams
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length > MAX_CART_LINES) {
    return Response.json({ error: `Maksimal ${MAX_CART_LINES} produk sekaligus.` }, { status: 400 });
  }
  const products = await getCartProducts(await dbOf(context), ids);
  return Response.json({ products });
}
