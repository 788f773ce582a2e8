// /api/favorites: the signed-in customer's favourites for the 'Favorit' buttons, filled in
// on the client because catalog pages are the same for everyone.
//   GET                       -> { signedIn, ids }
//   GET ?products=a,b         -> { products } (cards for a visitor's local list; public data)
//   POST intent=add|remove|merge, productId (repeated) -> { ids } (signed in only)
import { getProductSummaries } from "~/server/catalog.server";
import { changeFavorites, favoriteChangeSchema, listFavoriteIds, MAX_FAVORITES } from "~/server/favorites.server";
import { firstFieldError, parseFields } from "~/server/form-action.server";
import { PRIVATE_CACHE_CONTROL, cachePolicy } from "~/server/http-cache.server";
import { dbOf, userOf } from "~/server/request-context.server";
import type { Route } from "./+types/api.favorites";

const headers = { "Cache-Control": PRIVATE_CACHE_CONTROL, Vary: "Cookie" };

export const middleware: Route.MiddlewareFunction[] = [cachePolicy("private")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const wanted = new URL(request.url).searchParams.get("products");
  if (wanted !== null) {
    const ids = wanted.split(",").slice(0, MAX_FAVORITES + 1);
    if (ids.length > MAX_FAVORITES) {
      return Response.json({ message: `Maksimal ${MAX_FAVORITES} produk sekaligus.` }, { status: 400, headers });
    }
    return Response.json({ products: await getProductSummaries(await dbOf(context), ids) }, { headers });
  }
  const user = await userOf(context);
  if (!user) return Response.json({ signedIn: false, ids: [] }, { headers });
  return Response.json({ signedIn: true, ids: await listFavoriteIds(await dbOf(context), user.id) }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await userOf(context);
  if (!user) {
    return Response.json({ message: "Silakan masuk untuk menyimpan favorit ke akun Anda." }, { status: 401, headers });
  }
  // A JSON endpoint: parsed like every form, answered as JSON instead of action data.
  const form = await request.formData();
  const parsed = parseFields(
    favoriteChangeSchema,
    { intent: form.get("intent"), productId: form.getAll("productId").filter((v) => typeof v === "string") },
    { echo: [], invalid: { message: firstFieldError } },
  );
  if (!parsed.ok) return Response.json({ message: parsed.failure.message }, { status: 400, headers });
  const result = await changeFavorites(await dbOf(context), user.id, parsed.data);
  if (!result.ok) return Response.json({ message: result.message }, { status: result.status, headers });
  return Response.json({ ids: result.ids }, { headers });
}
