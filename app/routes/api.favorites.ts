// /api/favorites: the signed-in customer's favourites for the 'Favorit' buttons, filled in
// on the client because catalog pages are the same for everyone.
//   GET                       -> { signedIn, ids }
//   GET ?products=a,b         -> { products } (cards for a visitor's local list; public data)
//   POST intent=add|remove|merge, productId (repeated) -> FormResult as JSON: { ok, message, ids }
//     or a failure { ok: false, status, message, ... } (signed in only)
import { formFailure } from "~/lib/form";
import { getProductSummaries } from "~/server/catalog/public.server";
import {
  changeFavorites,
  favoriteChangeSchema,
  listFavoriteIds,
  MAX_FAVORITES,
} from "~/server/catalog/favorites.server";
import { firstFieldError, jsonAnswer, jsonFormAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf, userOf } from "~/server/request-context.server";
import type { Route } from "./+types/api.favorites";

// Personal: the root middleware answers it `private, no-store`.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const wanted = new URL(request.url).searchParams.get("products");
  if (wanted !== null) {
    const ids = wanted.split(",").slice(0, MAX_FAVORITES + 1);
    if (ids.length > MAX_FAVORITES) {
      return Response.json({ message: `Maksimal ${MAX_FAVORITES} produk sekaligus.` }, { status: 400 });
    }
    return Response.json({ products: await getProductSummaries(await dbOf(context), ids) });
  }
  const user = await userOf(context);
  if (!user) return Response.json({ signedIn: false, ids: [] });
  return Response.json({ signedIn: true, ids: await listFavoriteIds(await dbOf(context), user.id) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await userOf(context);
  if (!user) return jsonAnswer(formFailure(401, "Silakan masuk untuk menyimpan favorit ke akun Anda."));
  const db = await dbOf(context);
  return jsonFormAction(request, {
    name: "favorites change",
    schema: favoriteChangeSchema,
    fields: (form) => ({
      intent: form.get("intent"),
      productId: form.getAll("productId").filter((v) => typeof v === "string"),
    }),
    echo: [],
    invalid: { message: firstFieldError },
    call: (input) => changeFavorites(db, user.id, input),
  });
}
