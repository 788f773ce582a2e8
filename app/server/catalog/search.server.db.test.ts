// Forgiving search on the engine the tests run on (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): synonyms both ways and chained, typos through trigram similarity, the
// suggestions, and the staff's synonym list. The same expectations hold on both engines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { catalogState, categories, products, users } from "~/db/schema";
import { EMPTY_FILTERS } from "~/lib/catalog-filters";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { closestProducts, listProducts, suggestProducts } from "./public.server";
import {
  addSynonym,
  addSynonymSchema,
  listSynonyms,
  removeSynonym,
  removeSynonymSchema,
  synonymsFor,
} from "./search-synonyms.server";

let testDb: TestDatabase;
const staff = { id: "staf-1", role: "staff" as const };

const names = [
  "Cabai Rawit",
  "Cabai Merah Keriting",
  "Cabe Hijau",
  "Bawang Merah",
  "Bawang Putih",
  "Daun Bawang",
  "Serai",
  "Kangkung",
  "Bayam Hijau",
  "Kubis",
  "Tauge",
  "Bawang Bombai",
  "Jahe Merah",
  "Lengkuas",
];

const search = async (q: string) =>
  (await listProducts(testDb.db, { ...EMPTY_FILTERS, q }, { pageSize: 50 })).products.map((p) => p.name);

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  await testDb.db.insert(users).values({ id: staff.id, name: "Staf Satu", email: "staf@contoh.id", role: "staff" });
  const [cat] = await testDb.db
    .insert(categories)
    .values({ name: "Sayur", slug: "sayur" })
    .returning({ id: categories.id });
  await testDb.db.insert(products).values([
    ...names.map((name) => ({
      name,
      slug: name.toLowerCase().replace(/ /g, "-"),
      price: 5000,
      stock: 10,
      categoryId: cat.id,
    })),
    { name: "Kangkung Tersembunyi", slug: "kangkung-lama", price: 1000, stock: 5, isActive: false },
  ]);
});

afterAll(async () => {
  await testDb?.destroy();
});

describe(`search with synonyms (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("finds the catalog's spelling from the shopper's one, and the other way round", async () => {
    expect(await search("cabe")).toEqual(["Cabai Merah Keriting", "Cabai Rawit", "Cabe Hijau"]);
    expect(await search("cabai")).toEqual(["Cabai Merah Keriting", "Cabai Rawit", "Cabe Hijau"]);
    expect(await search("sereh")).toEqual(["Serai"]);
    expect(await search("toge")).toEqual(["Tauge"]);
    expect(await search("kol")).toEqual(["Kubis"]);
    expect(await search("bombay")).toEqual(["Bawang Bombai"]);
    expect(await search("laos")).toEqual(["Lengkuas"]);
    expect(await search("jahe abang")).toEqual(["Jahe Merah"]);
  });

  it("chains pairs: 'lombok' means 'cabai', which 'cabe' also means", async () => {
    expect(await search("lombok")).toEqual(["Cabai Merah Keriting", "Cabai Rawit", "Cabe Hijau"]);
    const pairs = await synonymsFor(testDb.db, "lombok");
    expect(pairs).toEqual(
      expect.arrayContaining([
        { term: "cabe", synonym: "cabai" },
        { term: "lombok", synonym: "cabai" },
      ]),
    );
  });

  it("reads market words of two words as one: 'brambang' and 'bawang prei'", async () => {
    expect(await search("brambang")).toEqual(["Bawang Merah"]);
    expect(await search("Bawang  Prei")).toEqual(["Daun Bawang"]);
    expect(await search("bawang merah")).toEqual(["Bawang Merah"]);
  });

  it("needs every word: 'cabe merah' is the red chilli only", async () => {
    expect(await search("cabe merah")).toEqual(["Cabai Merah Keriting"]);
    expect(await search("merah cabe")).toEqual(["Cabai Merah Keriting"]);
    expect(await search("cabe bawang")).toEqual([]);
  });

  it("has no exact match for a typo, but offers the closest names", async () => {
    expect(await search("kangkong")).toEqual([]);
    const closest = await closestProducts(testDb.db, "kangkong");
    expect(closest[0].name).toBe("Kangkung");
    expect(closest.map((p) => p.name)).not.toContain("Kangkung Tersembunyi");
    expect((await closestProducts(testDb.db, "bayem")).map((p) => p.name)).toEqual(["Bayam Hijau"]);
    expect((await closestProducts(testDb.db, "bawang merha"))[0].name).toBe("Bawang Merah");
    expect(await closestProducts(testDb.db, "zzzzqqq")).toEqual([]);
    expect(await closestProducts(testDb.db, "ab")).toEqual([]);
  });

  it("suggests while typing: names starting with the text first, the closest when nothing matches", async () => {
    const started = await suggestProducts(testDb.db, "ba");
    expect(started.closest).toBe(false);
    expect(started.suggestions.map((s) => s.name)).toEqual([
      "Bawang Bombai",
      "Bawang Merah",
      "Bawang Putih",
      "Bayam Hijau",
      "Daun Bawang",
      "Cabai Merah Keriting",
    ]);
    const typo = await suggestProducts(testDb.db, "kangkong");
    expect(typo.closest).toBe(true);
    expect(typo.suggestions[0]).toMatchObject({ name: "Kangkung", slug: "kangkung" });
    expect((await suggestProducts(testDb.db, "c")).suggestions).toEqual([]);
  });

  it("suggests the first six names that start with the text, hidden products left out", async () => {
    const [cat] = await testDb.db.select({ id: categories.id }).from(categories).limit(1);
    const kacang = ["Kacang Tanah", "Kacang Panjang", "Kacang Merah", "Kacang Hijau", "Kacang Kedelai", "Kacang Bogor"];
    await testDb.db.insert(products).values([
      ...[...kacang, "Kacang Polong"].map((name) => ({
        name,
        slug: name.toLowerCase().replace(/ /g, "-"),
        price: 7000,
        stock: 3,
        categoryId: cat.id,
      })),
      { name: "Kacang Almond", slug: "kacang-almond", price: 9000, stock: 3, isActive: false },
    ]);
    const typed = await suggestProducts(testDb.db, "kac");
    expect(typed.closest).toBe(false);
    expect(typed.suggestions.map((s) => s.name)).toEqual([
      "Kacang Bogor",
      "Kacang Hijau",
      "Kacang Kedelai",
      "Kacang Merah",
      "Kacang Panjang",
      "Kacang Polong",
    ]);
  });
});

describe("the staff's synonyms", () => {
  it("lists the seeded pairs and adds a new one that search uses at once", async () => {
    const before = await listSynonyms(testDb.db, staff);
    expect(before).toEqual(expect.arrayContaining([expect.objectContaining({ term: "cabe", synonym: "cabai" })]));
    expect(await search("kenikir")).toEqual([]);

    const input = addSynonymSchema.parse({ term: "  Kenikir ", synonym: "KUBIS" });
    expect(input).toEqual({ term: "kenikir", synonym: "kubis" });
    const [{ version }] = await testDb.db.select().from(catalogState).where(eq(catalogState.id, 1));
    expect(await addSynonym(testDb.db, staff, input)).toMatchObject({ ok: true });
    expect(await search("kenikir")).toEqual(["Kubis"]);
    const [after] = await testDb.db.select().from(catalogState).where(eq(catalogState.id, 1));
    expect(after.version).toBeGreaterThan(version);
  });

  it("refuses the same pair in either order, and bad words with Indonesian messages", async () => {
    const again = await addSynonym(testDb.db, staff, { term: "cabai", synonym: "cabe" });
    expect(again).toMatchObject({ ok: false, status: 409 });
    const same = addSynonymSchema.safeParse({ term: "Cabai", synonym: "cabai " });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0].message).toBe("Kedua kata sama. Isi kata lain yang artinya sama.");
    expect(addSynonymSchema.safeParse({ term: "a", synonym: "cabai" }).error?.issues[0].message).toBe(
      "Kata yang diketik minimal 2 huruf.",
    );
    expect(addSynonymSchema.safeParse({ term: "cabe%", synonym: "cabai" }).error?.issues[0].message).toBe(
      "Kata yang diketik hanya boleh berisi huruf, angka, spasi dan tanda hubung.",
    );
    expect(addSynonymSchema.safeParse({ term: "cabe", synonym: "x".repeat(41) }).error?.issues[0].message).toBe(
      "Sama dengan maksimal 40 karakter.",
    );
  });

  it("removes a pair, after which search no longer uses it", async () => {
    const row = (await listSynonyms(testDb.db, staff)).find((s) => s.term === "kenikir")!;
    expect(await removeSynonym(testDb.db, staff, removeSynonymSchema.parse({ id: row.id }))).toMatchObject({
      ok: true,
    });
    expect(await search("kenikir")).toEqual([]);
    expect(await removeSynonym(testDb.db, staff, { id: row.id })).toMatchObject({ ok: false, status: 404 });
    expect(removeSynonymSchema.safeParse({ id: "bukan-id" }).success).toBe(false);
  });

  it("is for staff only", async () => {
    await expect(listSynonyms(testDb.db, { id: "c", role: "customer" as never })).rejects.toThrow();
  });
});
