// Favourites on the account: marked and unmarked, a visitor's local list merged at sign-in,
// nobody seeing anyone else's, hidden products left off the page, odd input refused.
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, users } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { changeFavorites, favoriteChangeSchema, listFavoriteIds, listFavoriteProducts } from "./favorites.server";
import { firstFieldError } from "../form-action.server";
import { viaForm } from "../../../tests/support/forms";
import { action as favoritesAction } from "~/routes/api.favorites";
import { createUser, signIn } from "../../../tests/support/factories";
import { callAction, releaseTestDatabase, useTestDatabase } from "../../../tests/support/routes";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await testDb?.destroy();
});

async function user() {
  const id = randomUUID();
  await testDb.db.insert(users).values({ id, name: "Siti", email: `${id}@contoh.id` });
  return id;
}

async function product(name: string) {
  const [row] = await testDb.db
    .insert(products)
    .values({ name, slug: `${name.toLowerCase()}-${randomBytes(3).toString("hex")}`, price: 3000, stock: 5 })
    .returning();
  return row.id;
}

describe("favourites", () => {
  it("marks and unmarks for one customer only, newest first", async () => {
    const [siti, budi] = [await user(), await user()];
    const [bayam, kangkung] = [await product("Bayam"), await product("Kangkung")];
    expect(await changeFavorites(testDb.db, siti, { intent: "add", productId: [bayam] })).toEqual({
      ok: true,
      message: "",
      ids: [bayam],
    });
    await changeFavorites(testDb.db, siti, { intent: "add", productId: [kangkung] });
    // Marking twice is harmless.
    await changeFavorites(testDb.db, siti, { intent: "add", productId: [kangkung.toUpperCase()] });
    expect(await listFavoriteIds(testDb.db, siti)).toHaveLength(2);
    expect(await listFavoriteIds(testDb.db, budi)).toEqual([]);
    expect(await changeFavorites(testDb.db, siti, { intent: "remove", productId: [bayam] })).toEqual({
      ok: true,
      message: "",
      ids: [kangkung],
    });
  });

  it("merges a visitor's local list, skipping unknown and malformed ids", async () => {
    const siti = await user();
    const [tomat, wortel] = [await product("Tomat"), await product("Wortel")];
    await changeFavorites(testDb.db, siti, { intent: "add", productId: [tomat] });
    const merged = await changeFavorites(testDb.db, siti, {
      intent: "merge",
      productId: [tomat, wortel, randomUUID(), "bukan-id", "<script>"],
    });
    expect(merged.ok && [...merged.ids].sort()).toEqual([tomat, wortel].sort());
  });

  it("refuses unknown intents and products, and leaves hidden products off the page", async () => {
    const siti = await user();
    // As /api/favorites sends it: parsed by the schema before the module is called.
    const unknownIntent = await viaForm(
      { schema: favoriteChangeSchema, invalid: { message: firstFieldError } },
      { intent: "hapus-semua", productId: [] },
      (input) => changeFavorites(testDb.db, siti, input),
    );
    expect(unknownIntent).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await changeFavorites(testDb.db, siti, { intent: "add", productId: [randomUUID()] })).toMatchObject({
      ok: false,
      status: 404,
      message: "Produk tidak ditemukan.",
    });
    const [cabai, kol] = [await product("Cabai"), await product("Kol")];
    await changeFavorites(testDb.db, siti, { intent: "merge", productId: [cabai, kol] });
    await testDb.db.update(products).set({ isActive: false }).where(eq(products.id, kol));
    expect((await listFavoriteProducts(testDb.db, siti)).map((p) => p.name)).toEqual(["Cabai"]);
  });
});

describe("POST /api/favorites", () => {
  const post = async (fields: [string, string][], cookie?: string) => {
    const body = new FormData();
    for (const [key, value] of fields) body.append(key, value);
    const result = await callAction(favoritesAction as never, "/api/favorites", body, { cookie });
    return { status: result.status, body: JSON.parse(String(result.data)) as Record<string, unknown> };
  };

  it("answers JSON the 'Favorit' buttons read: the ids, or a message with the status", async () => {
    useTestDatabase(testDb);
    try {
      const siti = await createUser(testDb.db);
      const cookie = await signIn(testDb.db, siti);
      const [bayam, kangkung] = [await product("Bayam"), await product("Kangkung")];
      const signedOut = await post([
        ["intent", "add"],
        ["productId", bayam],
      ]);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.message).toBe("Silakan masuk untuk menyimpan favorit ke akun Anda.");
      const added = await post(
        [
          ["intent", "merge"],
          ["productId", bayam],
          ["productId", kangkung],
        ],
        cookie,
      );
      expect(added.status).toBe(200);
      expect([...(added.body.ids as string[])].sort()).toEqual([bayam, kangkung].sort());
      const unknown = await post([["intent", "hapus-semua"]], cookie);
      expect(unknown).toMatchObject({ status: 400, body: { message: "Permintaan tidak dikenal." } });
      const missing = await post(
        [
          ["intent", "add"],
          ["productId", randomUUID()],
        ],
        cookie,
      );
      expect(missing).toMatchObject({ status: 404, body: { message: "Produk tidak ditemukan." } });
    } finally {
      releaseTestDatabase();
    }
  });
});
