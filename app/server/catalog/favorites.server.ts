// A signed-in customer's favourites ('Favorit'). Visitors keep theirs in local storage; at
// sign-in the browser hands them over (mergeFavorites). Every query takes the customer's id.
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { favorites, products } from "~/db/schema";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import type { ProductSummary } from "~/lib/catalog";
import { getProductSummaries } from "./public.server";

/** More than anyone marks; keeps a scripted client from growing the table without bound. */
export const MAX_FAVORITES = 500;

export async function listFavoriteIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId))
    .limit(MAX_FAVORITES);
  return rows.map((r) => r.productId);
}

/** The favourites still sold, newest mark first, as product cards. */
export async function listFavoriteProducts(db: Queryable, userId: string): Promise<ProductSummary[]> {
  return getProductSummaries(db, await listFavoriteIds(db, userId));
}

export const favoriteChangeSchema = z.object({
  intent: z.enum(["add", "remove", "merge"], { message: "Permintaan tidak dikenal." }),
  productId: z.array(z.string()).max(MAX_FAVORITES, `Maksimal ${MAX_FAVORITES} produk favorit.`),
});
export type FavoriteChange = z.output<typeof favoriteChangeSchema>;

/**
 * 'add' and 'remove' one product; 'merge' adds a visitor's local list at sign-in. Unknown
 * and malformed ids are ignored; hidden products may stay marked (they come back when sold again).
 */
export async function changeFavorites(
  db: Queryable,
  userId: string,
  input: FavoriteChange,
): Promise<FormResult<{ ids: string[] }>> {
  const { intent } = input;
  const ids = [...new Set(input.productId.filter(isUuid).map((id) => id.toLowerCase()))];
  if (intent !== "merge" && ids.length !== 1) return formFailure(400, "Produk tidak ditemukan.");
  if (intent === "remove") {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, ids[0])));
    return formSuccess("", { ids: await listFavoriteIds(db, userId) });
  }
  if (ids.length > 0) {
    const existing = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
    const known = new Set(existing.map((p) => p.id));
    const current = await listFavoriteIds(db, userId);
    const room = MAX_FAVORITES - current.length;
    const fresh = ids.filter((id) => known.has(id) && !current.includes(id)).slice(0, Math.max(0, room));
    if (intent === "add" && fresh.length === 0 && !current.includes(ids[0])) {
      return known.has(ids[0])
        ? formFailure(409, `Maksimal ${MAX_FAVORITES} produk favorit.`)
        : formFailure(404, "Produk tidak ditemukan.");
    }
    if (fresh.length > 0) {
      await db
        .insert(favorites)
        .values(fresh.map((productId) => ({ userId, productId })))
        .onConflictDoNothing();
    }
  }
  return formSuccess("", { ids: await listFavoriteIds(db, userId) });
}
