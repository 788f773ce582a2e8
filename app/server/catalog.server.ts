// The public catalog: the only code that reads products and categories for shoppers.
// Hidden products (is_active = false) are never listed, shown or sold from here.
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import { MAX_CART_LINES } from "~/lib/cart";
import { isUuid } from "~/lib/form";
import { normalizeQuery, PRICE_RANGE_BOUNDS, type CatalogFilters } from "~/lib/catalog-filters";
import { normalizeSearchText, searchGroups } from "~/lib/search";
import { synonymsFor } from "./search-synonyms.server";
import {
  displayUnit,
  type CartProductInfo,
  type CategoryWithCount,
  type ProductDetail,
  type ProductSummary,
} from "~/lib/catalog";

export const FEATURED_LIMIT = 4;
export const RELATED_LIMIT = 4;
// One page of a list: 12 cards keep /products and category pages under 60 kB of HTML
// whatever the catalog's size (checked by tests/process/catalog-page-size.test.ts).
export const PRODUCTS_PAGE_SIZE = 12;

// What the shopper pays per unit; the same rounding as discountedPrice in ~/lib/money.
const effectivePrice = sql<number>`round(${products.price} * (100 - ${products.discount}) / 100.0)`;

// Case-insensitive name order, the same on PGlite (C collation) and PostgreSQL.
const nameKey = sql`lower(${products.name})`;

const summaryColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  price: products.price,
  unit: products.unit,
  discount: products.discount,
  stock: products.stock,
  featured: products.featured,
  imageUrl: products.imageUrl,
  categoryName: categories.name,
  categorySlug: categories.slug,
  soldByWeight: products.soldByWeight,
  weightStep: products.weightStep,
  weightMin: products.weightMin,
};

function toSummary(row: ProductSummary): ProductSummary {
  return { ...row, unit: displayUnit(row.unit) };
}

/** A slug worth looking up: short, and free of control characters the database would refuse. */
function isPlausibleSlug(slug: string): boolean {
  // eslint-disable-next-line no-control-regex
  return slug.length > 0 && slug.length <= 200 && !/[\u0000-\u001f\u007f]/.test(slug);
}

/** `%`, `_` and `\` match themselves: the search text is a literal substring. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function nameContains(text: string): SQL {
  return sql`${products.name} ilike ${likePattern(text)} escape '\\'`;
}

/**
 * The search as a condition: the name holds one alternative of every group (the typed word or
 * one of its synonyms), so 'cabe merah' finds 'Cabai Merah Keriting'. Each `ilike` is served by
 * the name's trigram index.
 */
async function searchCondition(db: Queryable, q: string): Promise<SQL | undefined> {
  if (!q) return undefined;
  const groups = searchGroups(q, await synonymsFor(db, q));
  return and(...groups.map((alternatives) => or(...alternatives.map(nameContains))));
}

/** Up to four featured products for the home page. */
export async function getFeaturedProducts(db: Queryable, limit = FEATURED_LIMIT): Promise<ProductSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.isActive, true), eq(products.featured, true)))
    .orderBy(asc(nameKey), asc(products.id))
    .limit(limit);
  return rows.map(toSummary);
}

export type ProductPage = {
  products: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

async function listConditions(
  db: Queryable,
  filters: Pick<CatalogFilters, "q" | "categories" | "price">,
): Promise<SQL | undefined> {
  const conditions: SQL[] = [eq(products.isActive, true)];
  const search = await searchCondition(db, normalizeQuery(filters.q));
  if (search) conditions.push(search);
  const ids = filters.categories.filter(isUuid);
  if (ids.length > 0) conditions.push(inArray(products.categoryId, ids));
  if (filters.price) {
    const { min, max } = PRICE_RANGE_BOUNDS[filters.price];
    if (min !== undefined) conditions.push(gte(effectivePrice, min));
    if (max !== undefined) conditions.push(lt(effectivePrice, max));
  }
  return and(...conditions);
}

// The same order as nameKey, written so no index serves it. With a search the matches are a
// few thousand rows scattered through the alphabet: reading the name index in order and testing
// each row (the plan the estimate favours) tests tens of thousands before it has a page, while
// fetching the matches through the trigram index and sorting them costs a few milliseconds.
const searchNameKey = sql`(lower(${products.name}) || '')`;

function listOrder(sort: CatalogFilters["sort"], searching = false): SQL[] {
  const name = searching ? searchNameKey : nameKey;
  const price = searching ? sql`(${effectivePrice} + 0)` : effectivePrice;
  switch (sort) {
    case "name-desc":
      return [desc(name), asc(products.id)];
    case "price-asc":
      return [asc(price), asc(name), asc(products.id)];
    case "price-desc":
      return [desc(price), asc(name), asc(products.id)];
    default:
      return [asc(name), asc(products.id)];
  }
}

/**
 * The product list: search (every word, or a synonym of it, is a case-insensitive substring of
 * the name; `%` and `_` are literal), categories,
 * a price range on the price paid, a sort, and one page of results. A page past the end
 * gives the last page.
 */
export async function listProducts(
  db: Queryable,
  filters: CatalogFilters,
  { pageSize = PRODUCTS_PAGE_SIZE }: { pageSize?: number } = {},
): Promise<ProductPage> {
  const where = await listConditions(db, filters);
  const order = listOrder(filters.sort, normalizeQuery(filters.q) !== "");
  // The page and the number of matches in one query: the matches are read (and, for a search,
  // re-checked in the table) once instead of twice, which was half the cost of a common word.
  const pageOf = (page: number) =>
    db
      .select({ ...summaryColumns, total: sql<number>`(count(*) over ())::int` })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  let page = Math.max(1, Math.floor(filters.page) || 1);
  let rows = await pageOf(page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // A page past the end (an old link) shows the last page: only then is the count asked alone.
    const [counted] = await db.select({ total: count() }).from(products).where(where);
    total = counted.total;
    page = Math.max(1, Math.ceil(total / pageSize));
    rows = total === 0 ? [] : await pageOf(page);
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const summaries = rows.map((row) => {
    const { total: _matches, ...product } = row;
    return toSummary(product);
  });
  return { products: summaries, total, page, pageCount, pageSize };
}

/** How alike a name must be to count as what a misspelt query meant (pg_trgm word similarity). */
export const CLOSEST_THRESHOLD = 0.45;
export const CLOSEST_LIMIT = 4;

/**
 * The products whose names come closest to a query that matched nothing ('kangkong' ->
 * Kangkung), best first: 'Mungkin maksud Anda'. pg_trgm's word similarity, served by the
 * name's trigram index; the threshold is set for this transaction only.
 */
export async function closestProducts(
  db: Queryable,
  rawQuery: string,
  limit = CLOSEST_LIMIT,
): Promise<ProductSummary[]> {
  const q = normalizeSearchText(rawQuery);
  if (Array.from(q).length < 3) return [];
  // Whole words first: 'kangkong' is nearer Kangkung than the end of 'Daun Singkong'.
  const wholeWords = sql<number>`strict_word_similarity(${q}, ${products.name})`;
  const score = sql<number>`word_similarity(${q}, ${products.name})`;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(CLOSEST_THRESHOLD)}, true)`);
    return tx
      .select(summaryColumns)
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(and(eq(products.isActive, true), sql`${q} <% ${products.name}`))
      .orderBy(desc(wholeWords), desc(score), asc(nameKey), asc(products.id))
      .limit(limit);
  });
  return rows.map(toSummary);
}

export type Suggestion = {
  name: string;
  slug: string;
  imageUrl: string | null;
  unit: string;
  price: number;
  discount: number;
};
export const SUGGESTION_LIMIT = 6;
/** How many names from the typed text onwards are read to find six that start with it. */
const PREFIX_WINDOW = 200;

/**
 * What the search box offers while typing: up to six matching products, names that start with
 * the typed text first, then names with a word that does; when nothing matches, the closest
 * names (`closest: true`).
 */
export async function suggestProducts(
  db: Queryable,
  rawQuery: string,
): Promise<{ suggestions: Suggestion[]; closest: boolean }> {
  const q = normalizeSearchText(rawQuery);
  if (Array.from(q).length < 2) return { suggestions: [], closest: false };
  const columns = {
    name: products.name,
    slug: products.slug,
    imageUrl: products.imageUrl,
    unit: products.unit,
    price: products.price,
    discount: products.discount,
  };
  // Names that start with the text, then names with a word that does, then the rest.
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  // The first letters of a common name ('ka', 'cab') match a large part of the catalog and two
  // letters give the trigram index nothing to narrow: when six names start with the text they
  // are the answer, and the name index finds them among the first names from the text onwards
  // (a name that starts with it sorts at or after it). Only otherwise is every match ranked.
  const window = db
    .select({ ...columns, key: sql<string>`${nameKey}`.as("key"), id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), sql`${nameKey} >= ${q}`))
    .orderBy(asc(nameKey), asc(products.id))
    .limit(PREFIX_WINDOW)
    .as("w");
  const starting = await db
    .select({
      name: window.name,
      slug: window.slug,
      imageUrl: window.imageUrl,
      unit: window.unit,
      price: window.price,
      discount: window.discount,
    })
    .from(window)
    .where(sql`${window.key} like ${`${escaped}%`} escape '\\'`)
    .orderBy(asc(window.key), asc(window.id))
    .limit(SUGGESTION_LIMIT);
  if (starting.length === SUGGESTION_LIMIT) {
    return { suggestions: starting.map((r) => ({ ...r, unit: displayUnit(r.unit) })), closest: false };
  }
  const search = await searchCondition(db, q);
  const rows = await db
    .select(columns)
    .from(products)
    .where(and(eq(products.isActive, true), search))
    .orderBy(
      asc(
        sql`case when ${nameKey} like ${`${escaped}%`} escape '\\' then 0 when ${nameKey} like ${`% ${escaped}%`} escape '\\' then 1 else 2 end`,
      ),
      asc(nameKey),
      asc(products.id),
    )
    .limit(SUGGESTION_LIMIT);
  if (rows.length > 0) return { suggestions: rows.map((r) => ({ ...r, unit: displayUnit(r.unit) })), closest: false };
  const closest = await closestProducts(db, q, SUGGESTION_LIMIT);
  return {
    suggestions: closest.map((p) => ({
      name: p.name,
      slug: p.slug,
      imageUrl: p.imageUrl,
      unit: p.unit,
      price: p.price,
      discount: p.discount,
    })),
    closest: closest.length > 0,
  };
}

/** One active product by its slug, or null (unknown, malformed or hidden). */
export async function getProductBySlug(db: Queryable, slug: string): Promise<ProductDetail | null> {
  if (!isPlausibleSlug(slug)) return null;
  const [row] = await db
    .select({ ...summaryColumns, description: products.description, categoryId: products.categoryId })
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.slug, slug), eq(products.isActive, true)))
    .limit(1);
  return row ? { ...row, unit: displayUnit(row.unit) } : null;
}

/** Up to four other active products of the same category. */
export async function getRelatedProducts(
  db: Queryable,
  product: { id: string; categoryId: string | null },
  limit = RELATED_LIMIT,
): Promise<ProductSummary[]> {
  if (!product.categoryId) return [];
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(eq(products.categoryId, product.categoryId), ne(products.id, product.id), eq(products.isActive, true)))
    // Products in stock first: a suggestion that cannot be bought helps nobody.
    .orderBy(desc(sql`${products.stock} > 0`), desc(products.featured), asc(nameKey), asc(products.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** Every category by name, with how many active products it holds. */
export async function listCategoriesWithCounts(db: Queryable): Promise<CategoryWithCount[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      productCount: sql<number>`count(${products.id})::int`,
    })
    .from(categories)
    .leftJoin(products, and(eq(products.categoryId, categories.id), eq(products.isActive, true)))
    .groupBy(categories.id)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
  return rows.map((r) => ({ ...r, productCount: Number(r.productCount) }));
}

export type CategoryRef = { id: string; name: string; slug: string };

export async function getCategoryBySlug(db: Queryable, slug: string): Promise<CategoryRef | null> {
  if (!isPlausibleSlug(slug)) return null;
  const [row] = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return row ?? null;
}

/** A category named by its slug or, as old links do, by its id. */
export async function findCategoryBySlugOrId(db: Queryable, slugOrId: string): Promise<CategoryRef | null> {
  if (!isPlausibleSlug(slugOrId)) return null;
  const id = slugOrId.toLowerCase();
  const [row] = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(isUuid(id) ? or(eq(categories.slug, slugOrId), eq(categories.id, id)) : eq(categories.slug, slugOrId))
    .orderBy(asc(categories.slug))
    .limit(1);
  return row ?? null;
}

/**
 * Current data of the products in a cart, for showing today's price and stock. Unknown,
 * malformed and hidden ids are simply absent from the answer.
 */
export async function getCartProducts(db: Queryable, ids: string[]): Promise<CartProductInfo[]> {
  const valid = [...new Set(ids.map((id) => id.toLowerCase()).filter(isUuid))].slice(0, MAX_CART_LINES);
  if (valid.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(inArray(products.id, valid), eq(products.isActive, true)));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    price: r.price,
    image_url: r.imageUrl,
    discount: r.discount,
    stock: r.stock,
    unit: displayUnit(r.unit),
    slug: r.slug,
    sold_by_weight: r.soldByWeight,
    weight_step: r.weightStep,
    weight_min: r.weightMin,
    category: r.categoryName,
  }));
}

/** Product cards for the given ids, in the order given; unknown and hidden products are left out. */
export async function getProductSummaries(db: Queryable, ids: string[]): Promise<ProductSummary[]> {
  const valid = [...new Set(ids.map((id) => id.toLowerCase()).filter(isUuid))];
  if (valid.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(and(inArray(products.id, valid), eq(products.isActive, true)));
  const byId = new Map(rows.map((r) => [r.id, toSummary(r)]));
  return valid.flatMap((id) => byId.get(id) ?? []);
}

/** What the sitemap lists: every category and every active product. */
export async function listSitemapEntries(
  db: Queryable,
): Promise<{ categories: { slug: string }[]; products: { slug: string; updatedAt: Date }[] }> {
  const [cats, prods] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.slug)),
    db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.slug)),
  ]);
  return { categories: cats, products: prods };
}
