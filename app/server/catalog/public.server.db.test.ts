import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "~/db/schema";
import { EMPTY_FILTERS, parseCatalogFilters, type CatalogFilters } from "~/lib/catalog-filters";
import { discountedPrice } from "~/lib/money";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import {
  findCategoryBySlugOrId,
  getCartProducts,
  getCategoryBySlug,
  getFeaturedProducts,
  getProductBySlug,
  getRelatedProducts,
  likePattern,
  listCategoriesWithCounts,
  listProducts,
  listSitemapEntries,
} from "./public.server";

let testDb: TestDatabase;
const cat: Record<string, string> = {};
const prod: Record<string, string> = {};

type NewProduct = {
  slug: string;
  name: string;
  category: string | null;
  price: number;
  discount?: number;
  stock?: number;
  featured?: boolean;
  isActive?: boolean;
  unit?: string;
};

const catalog: NewProduct[] = [
  { slug: "kangkung", name: "Kangkung", category: "daun", price: 4000, featured: true, stock: 40 },
  { slug: "bayam", name: "bayam Hijau", category: "daun", price: 5000, discount: 10, stock: 30 },
  { slug: "sawi", name: "Sawi Hijau", category: "daun", price: 6000, stock: 0 },
  { slug: "selada", name: "Selada Keriting", category: "daun", price: 9000, featured: true, stock: 5 },
  { slug: "pakcoy", name: "Pakcoy", category: "daun", price: 7000, stock: 12 },
  { slug: "tomat", name: "Tomat Merah", category: "buah", price: 12000, featured: true, stock: 20 },
  // 20% off 12,500 is 10,000: counts as 10k-20k on the price paid, not under-10k.
  {
    slug: "edamame",
    name: "Edamame 50% Promo",
    category: "buah",
    price: 12500,
    discount: 20,
    stock: 8,
    featured: true,
  },
  { slug: "cabai", name: "Cabai_Rawit", category: "bumbu", price: 20000, stock: 10, featured: true },
  { slug: "backslash", name: "Bumbu A\\B", category: "bumbu", price: 15000, stock: 3 },
  { slug: "daging", name: "Daging Sapi", category: "daging", price: 130000, discount: 5, stock: 4 },
  { slug: "beras", name: "Beras Jember", category: "pokok", price: 50000, stock: 9, unit: "" },
  { slug: "tanpa-kategori", name: "Gula Aren", category: null, price: 25000, stock: 6 },
  {
    slug: "tersembunyi",
    name: "Kangkung Lama",
    category: "daun",
    price: 1000,
    stock: 50,
    featured: true,
    isActive: false,
  },
];

const filters = (overrides: Partial<CatalogFilters>): CatalogFilters => ({ ...EMPTY_FILTERS, ...overrides });
const slugs = (list: { slug: string }[]) => list.map((p) => p.slug);

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  const inserted = await testDb.db
    .insert(categories)
    .values([
      { name: "Sayur Daun", slug: "daun" },
      { name: "Sayur Buah", slug: "buah" },
      { name: "Bumbu Dapur", slug: "bumbu" },
      { name: "Daging", slug: "daging" },
      { name: "Bahan Pokok", slug: "pokok" },
      { name: "Kosong", slug: "kosong" },
    ])
    .returning({ id: categories.id, slug: categories.slug });
  for (const c of inserted) cat[c.slug] = c.id;
  const rows = await testDb.db
    .insert(products)
    .values(
      catalog.map((p) => ({
        name: p.name,
        slug: p.slug,
        price: p.price,
        discount: p.discount ?? 0,
        stock: p.stock ?? 10,
        featured: p.featured ?? false,
        isActive: p.isActive ?? true,
        unit: p.unit ?? "per ikat",
        imageUrl: `/images/products/${p.slug}.svg`,
        description: `${p.name} segar.`,
        categoryId: p.category ? cat[p.category] : null,
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  for (const p of rows) prod[p.slug] = p.id;
});

afterAll(async () => {
  await testDb?.destroy();
});

describe("getFeaturedProducts", () => {
  it("gives at most four active featured products with their category", async () => {
    const featured = await getFeaturedProducts(testDb.db);
    expect(featured).toHaveLength(4);
    expect(featured.every((p) => p.featured)).toBe(true);
    expect(slugs(featured)).not.toContain("tersembunyi");
    const edamame = featured.find((p) => p.slug === "edamame");
    expect(edamame).toMatchObject({
      name: "Edamame 50% Promo",
      price: 12500,
      discount: 20,
      categoryName: "Sayur Buah",
      categorySlug: "buah",
    });
    expect(await getFeaturedProducts(testDb.db, 10)).toHaveLength(5);
  });
});

describe("listProducts", () => {
  it("lists every active product by name, case-insensitively, hidden ones never", async () => {
    const page = await listProducts(testDb.db, EMPTY_FILTERS);
    expect(page.total).toBe(catalog.length - 1);
    expect(slugs(page.products)).not.toContain("tersembunyi");
    const names = page.products.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(page.products[0].slug).toBe("bayam");
  });

  it("searches names case-insensitively as a literal substring", async () => {
    expect(slugs((await listProducts(testDb.db, filters({ q: "HIJAU" }))).products)).toEqual(["bayam", "sawi"]);
    expect(slugs((await listProducts(testDb.db, filters({ q: "kangkung" }))).products)).toEqual(["kangkung"]);
  });

  it("treats % _ and \\ in the search text as themselves", async () => {
    expect(slugs((await listProducts(testDb.db, filters({ q: "%" }))).products)).toEqual(["edamame"]);
    expect(slugs((await listProducts(testDb.db, filters({ q: "50%" }))).products)).toEqual(["edamame"]);
    expect(slugs((await listProducts(testDb.db, filters({ q: "_" }))).products)).toEqual(["cabai"]);
    expect(slugs((await listProducts(testDb.db, filters({ q: "i_R" }))).products)).toEqual(["cabai"]);
    expect(slugs((await listProducts(testDb.db, filters({ q: "a\\b" }))).products)).toEqual(["backslash"]);
    expect((await listProducts(testDb.db, filters({ q: "K%ng" }))).total).toBe(0);
  });

  it("builds LIKE patterns with the wildcards escaped", () => {
    expect(likePattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("answers a 10,000-character search from the URL with an empty list, not an error", async () => {
    const parsed = parseCatalogFilters(new URLSearchParams({ q: "kangkung".repeat(1250) }));
    const page = await listProducts(testDb.db, parsed);
    expect(page.total).toBe(0);
    // Even unparsed, an absurd search string is capped before it reaches the database.
    expect((await listProducts(testDb.db, filters({ q: "x".repeat(10_000) }))).total).toBe(0);
  });

  it("filters by one or several categories", async () => {
    const daun = await listProducts(testDb.db, filters({ categories: [cat.daun] }));
    expect(slugs(daun.products).sort()).toEqual(["bayam", "kangkung", "pakcoy", "sawi", "selada"]);
    const two = await listProducts(testDb.db, filters({ categories: [cat.bumbu, cat.daging] }));
    expect(slugs(two.products).sort()).toEqual(["backslash", "cabai", "daging"]);
    expect((await listProducts(testDb.db, filters({ categories: [cat.kosong] }))).total).toBe(0);
  });

  it("ignores malformed category and sort parameters", async () => {
    const parsed = parseCatalogFilters(new URLSearchParams("category=abc&sort=drop&price=gratis&page=x"));
    const page = await listProducts(testDb.db, parsed);
    expect(page.total).toBe(catalog.length - 1);
    // A malformed id that slipped past parsing is dropped rather than sent to the uuid column.
    expect((await listProducts(testDb.db, filters({ categories: ["abc"] }))).total).toBe(catalog.length - 1);
  });

  it("filters by the price paid after discount", async () => {
    const paid = (p: { price: number; discount: number }) => discountedPrice(p.price, p.discount);
    const under = await listProducts(testDb.db, filters({ price: "under-10k" }));
    expect(slugs(under.products).sort()).toEqual(["bayam", "kangkung", "pakcoy", "sawi", "selada"]);
    const mid = await listProducts(testDb.db, filters({ price: "10k-20k" }));
    expect(slugs(mid.products).sort()).toEqual(["backslash", "edamame", "tomat"]);
    expect(mid.products.every((p) => paid(p) >= 10_000 && paid(p) < 20_000)).toBe(true);
    const upper = await listProducts(testDb.db, filters({ price: "20k-50k" }));
    expect(slugs(upper.products).sort()).toEqual(["cabai", "tanpa-kategori"]);
    const top = await listProducts(testDb.db, filters({ price: "above-50k" }));
    expect(slugs(top.products).sort()).toEqual(["beras", "daging"]);
  });

  it("combines search, category and price", async () => {
    const page = await listProducts(testDb.db, filters({ q: "hijau", categories: [cat.daun], price: "under-10k" }));
    expect(slugs(page.products)).toEqual(["bayam", "sawi"]);
  });

  it("sorts by name and by the price paid, both ways", async () => {
    const byName = slugs((await listProducts(testDb.db, filters({ sort: "name-asc" }))).products);
    expect(slugs((await listProducts(testDb.db, filters({ sort: "name-desc" }))).products)).toEqual(
      [...byName].reverse(),
    );
    const cheap = (await listProducts(testDb.db, filters({ sort: "price-asc" }))).products;
    const paid = cheap.map((p) => discountedPrice(p.price, p.discount));
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    expect(cheap[0].slug).toBe("kangkung");
    const dear = (await listProducts(testDb.db, filters({ sort: "price-desc" }))).products;
    expect(dear[0].slug).toBe("daging");
  });

  it("pages through the list and clamps a page past the end", async () => {
    const first = await listProducts(testDb.db, filters({ page: 1 }), { pageSize: 5 });
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 3 });
    expect(first.products).toHaveLength(5);
    const last = await listProducts(testDb.db, filters({ page: 3 }), { pageSize: 5 });
    expect(last.products).toHaveLength(2);
    const beyond = await listProducts(testDb.db, filters({ page: 99 }), { pageSize: 5 });
    expect(beyond.page).toBe(3);
    expect(slugs(beyond.products)).toEqual(slugs(last.products));
    const seen = new Set([
      ...slugs(first.products),
      ...slugs((await listProducts(testDb.db, filters({ page: 2 }), { pageSize: 5 })).products),
      ...slugs(last.products),
    ]);
    expect(seen.size).toBe(12);
  });

  it("gives 'pcs' as the unit when none is stored", async () => {
    const page = await listProducts(testDb.db, filters({ q: "Beras" }));
    expect(page.products[0].unit).toBe("pcs");
  });
});

describe("getProductBySlug", () => {
  it("gives an active product with its description and category", async () => {
    const product = await getProductBySlug(testDb.db, "bayam");
    expect(product).toMatchObject({
      name: "bayam Hijau",
      price: 5000,
      discount: 10,
      description: "bayam Hijau segar.",
      categoryName: "Sayur Daun",
      categoryId: cat.daun,
    });
  });

  it("gives null for unknown, hidden, empty or absurd slugs", async () => {
    expect(await getProductBySlug(testDb.db, "tidak-ada")).toBeNull();
    expect(await getProductBySlug(testDb.db, "tersembunyi")).toBeNull();
    expect(await getProductBySlug(testDb.db, "")).toBeNull();
    expect(await getProductBySlug(testDb.db, "x".repeat(10_000))).toBeNull();
    expect(await getProductBySlug(testDb.db, "'; drop table products; --")).toBeNull();
    expect(await getProductBySlug(testDb.db, "kang\u0000kung")).toBeNull();
  });

  it("shows a product without a category", async () => {
    expect(await getProductBySlug(testDb.db, "tanpa-kategori")).toMatchObject({ categoryId: null, categoryName: null });
  });
});

describe("getRelatedProducts", () => {
  it("gives up to four other active products of the same category, in-stock first", async () => {
    const kangkung = await getProductBySlug(testDb.db, "kangkung");
    const related = await getRelatedProducts(testDb.db, kangkung!);
    expect(related).toHaveLength(4);
    expect(slugs(related)).not.toContain("kangkung");
    expect(slugs(related)).not.toContain("tersembunyi");
    expect(related.every((p) => p.categorySlug === "daun")).toBe(true);
    expect(related.at(-1)?.slug).toBe("sawi");
  });

  it("gives none for a product without a category", async () => {
    const product = await getProductBySlug(testDb.db, "tanpa-kategori");
    expect(await getRelatedProducts(testDb.db, product!)).toEqual([]);
  });
});

describe("categories", () => {
  it("lists every category by name with its count of active products", async () => {
    const list = await listCategoriesWithCounts(testDb.db);
    expect(list.map((c) => [c.slug, c.productCount])).toEqual([
      ["pokok", 1],
      ["bumbu", 2],
      ["daging", 1],
      ["kosong", 0],
      ["buah", 2],
      ["daun", 5],
    ]);
  });

  it("finds a category by slug, or by slug or id for old links", async () => {
    expect(await getCategoryBySlug(testDb.db, "bumbu")).toEqual({ id: cat.bumbu, name: "Bumbu Dapur", slug: "bumbu" });
    expect(await getCategoryBySlug(testDb.db, "nope")).toBeNull();
    expect(await findCategoryBySlugOrId(testDb.db, "daging")).toMatchObject({ slug: "daging" });
    expect(await findCategoryBySlugOrId(testDb.db, cat.pokok)).toMatchObject({ slug: "pokok" });
    expect(await findCategoryBySlugOrId(testDb.db, cat.pokok.toUpperCase())).toMatchObject({ slug: "pokok" });
    expect(await findCategoryBySlugOrId(testDb.db, "abc")).toBeNull();
    expect(await findCategoryBySlugOrId(testDb.db, "bum\u0000bu")).toBeNull();
    expect(await getCategoryBySlug(testDb.db, "\u0000")).toBeNull();
    expect(await findCategoryBySlugOrId(testDb.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("getCartProducts", () => {
  it("gives today's data of active products in the cart's shape", async () => {
    const list = await getCartProducts(testDb.db, [prod.bayam, prod.beras]);
    expect(list).toHaveLength(2);
    expect(list.find((p) => p.slug === "bayam")).toEqual({
      id: prod.bayam,
      name: "bayam Hijau",
      price: 5000,
      image_url: "/images/products/bayam.svg",
      discount: 10,
      stock: 30,
      unit: "per ikat",
      slug: "bayam",
      category: "Sayur Daun",
      sold_by_weight: false,
      weight_step: 250,
      weight_min: 250,
    });
    expect(list.find((p) => p.slug === "beras")?.unit).toBe("pcs");
  });

  it("leaves out hidden, unknown and malformed ids", async () => {
    const list = await getCartProducts(testDb.db, [
      prod.tersembunyi,
      "00000000-0000-4000-8000-000000000000",
      "abc",
      "",
      prod.kangkung,
      prod.kangkung,
    ]);
    expect(slugs(list)).toEqual(["kangkung"]);
    expect(await getCartProducts(testDb.db, [])).toEqual([]);
    expect(await getCartProducts(testDb.db, ["abc"])).toEqual([]);
  });
});

describe("listSitemapEntries", () => {
  it("lists every category and every active product", async () => {
    const entries = await listSitemapEntries(testDb.db);
    expect(entries.categories).toHaveLength(6);
    expect(slugs(entries.products)).toHaveLength(12);
    expect(slugs(entries.products)).not.toContain("tersembunyi");
    expect(entries.products[0].updatedAt).toBeInstanceOf(Date);
  });
});
