// Forgiving search through the routes: synonyms and typos on /products, the suggestions
// endpoint, and staff editing 'Sinonim Pencarian'.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as synonymsRoute from "~/routes/admin.search-synonyms";
import * as suggestionsRoute from "~/routes/api.search-suggestions";
import * as productsRoute from "~/routes/products";
import { createUser, signIn } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let staffCookie: string;
let customerCookie: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  staffCookie = await signIn(testDb.db, await createUser(testDb.db, { role: "staff" }));
  customerCookie = await signIn(testDb.db, await createUser(testDb.db));
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

type ProductsData = {
  result: { total: number; products: { name: string }[] };
  closest: { name: string; slug: string }[];
};

const productsFor = async (q: string) =>
  (await callLoader(productsRoute.loader, `/products?q=${encodeURIComponent(q)}`)).data as ProductsData;

describe("/products search", () => {
  it("finds the seeded catalog by the words Jember shoppers type", async () => {
    const cabe = await productsFor("cabe");
    expect(cabe.result.products.map((p) => p.name)).toEqual(["Cabai Merah Keriting", "Cabai Rawit"]);
    expect(cabe.closest).toEqual([]);
    expect((await productsFor("brambang")).result.products.map((p) => p.name)).toEqual(["Bawang Merah"]);
    expect((await productsFor("sereh")).result.products.map((p) => p.name)).toEqual(["Serai"]);
    expect((await productsFor("laos")).result.products.map((p) => p.name)).toEqual(["Lengkuas"]);
  });

  it("answers a typo with the closest products for 'Mungkin maksud Anda'", async () => {
    const typo = await productsFor("kangkong");
    expect(typo.result.total).toBe(0);
    expect(typo.closest[0]).toMatchObject({ name: "Kangkung", slug: "kangkung" });
    expect((await productsFor("qqqqzzzz")).closest).toEqual([]);
  });
});

describe("/api/search-suggestions", () => {
  it("suggests products for a few letters, the same for everyone", async () => {
    const result = await callLoader(suggestionsRoute.loader, "/api/search-suggestions?q=bawang");
    expect(result.status).toBe(200);
    const body = JSON.parse(result.data as string) as { closest: boolean; suggestions: { name: string }[] };
    expect(body.closest).toBe(false);
    expect(body.suggestions.map((s) => s.name)).toEqual(["Bawang Merah", "Bawang Putih"]);
    expect(result.data).not.toMatch(/stock|email|user/i);
  });

  it("offers the closest names for a typo, and nothing for one letter or a huge query", async () => {
    const typo = JSON.parse(
      (await callLoader(suggestionsRoute.loader, "/api/search-suggestions?q=kangkong")).data as string,
    );
    expect(typo.closest).toBe(true);
    expect(typo.suggestions[0]).toMatchObject({ name: "Kangkung" });
    const short = JSON.parse((await callLoader(suggestionsRoute.loader, "/api/search-suggestions?q=k")).data as string);
    expect(short.suggestions).toEqual([]);
    const huge = await callLoader(suggestionsRoute.loader, `/api/search-suggestions?q=${"x".repeat(5000)}`);
    expect(huge.status).toBe(200);
  });
});

describe("'Sinonim Pencarian'", () => {
  it("lets staff add a pair that the shop's search uses at once", async () => {
    expect((await productsFor("kenikir")).result.total).toBe(0);
    const added = await callAction(
      synonymsRoute.action,
      "/admin/search-synonyms",
      form({ intent: "add", term: "Kenikir", synonym: "kemangi" }),
      { cookie: staffCookie },
    );
    expect(added.status).toBe(303);
    expect(added.location).toBe("/admin/search-synonyms");
    expect((await productsFor("kenikir")).result.products.map((p) => p.name)).toEqual(["Kemangi"]);
    const list = (await callLoader(synonymsRoute.loader, "/admin/search-synonyms", { cookie: staffCookie })).data as {
      synonyms: { id: string; term: string; synonym: string }[];
    };
    const row = list.synonyms.find((s) => s.term === "kenikir")!;
    expect(row.synonym).toBe("kemangi");

    const removed = await callAction(
      synonymsRoute.action,
      "/admin/search-synonyms",
      form({ intent: "remove", id: row.id }),
      { cookie: staffCookie },
    );
    expect(removed.status).toBe(303);
    expect((await productsFor("kenikir")).result.total).toBe(0);
  });

  it("refuses bad pairs with Indonesian messages and stores nothing", async () => {
    const before = (
      (await callLoader(synonymsRoute.loader, "/admin/search-synonyms", { cookie: staffCookie })).data as {
        synonyms: unknown[];
      }
    ).synonyms.length;
    const empty = await callAction(
      synonymsRoute.action,
      "/admin/search-synonyms",
      form({ intent: "add", term: "", synonym: "cabai" }),
      { cookie: staffCookie },
    );
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ ok: false, fieldErrors: { term: "Kata yang diketik minimal 2 huruf." } });
    const duplicate = await callAction(
      synonymsRoute.action,
      "/admin/search-synonyms",
      form({ intent: "add", term: "CABAI", synonym: "cabe" }),
      { cookie: staffCookie },
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.data).toMatchObject({ message: "Sinonim “cabai” = “cabe” sudah ada." });
    const unknown = await callAction(synonymsRoute.action, "/admin/search-synonyms", form({ intent: "ubah" }), {
      cookie: staffCookie,
    });
    expect(unknown.status).toBe(400);
    const after = (
      (await callLoader(synonymsRoute.loader, "/admin/search-synonyms", { cookie: staffCookie })).data as {
        synonyms: unknown[];
      }
    ).synonyms.length;
    expect(after).toBe(before);
  });

  it("is closed to customers", async () => {
    const result = await callLoader(synonymsRoute.loader, "/admin/search-synonyms", { cookie: customerCookie });
    expect(result.thrown).toBe(true);
    expect(result.status).not.toBe(200);
  });
});
