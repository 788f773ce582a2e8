// The public catalog: the only code that reads products and categories for shoppers.
// Hidden products (is_active = false) are never listed, shown or sold from here.
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { categories, products, productSearch, searchWords } from "~/db/schema";
import { MAX_CART_LINES } from "~/lib/cart";
import { isUuid } from "~/lib/form";
import { EMPTY_FILTERS, PRICE_RANGE_BOUNDS, type CatalogFilters } from "~/lib/catalog-filters";
import { normalizeSearchText, searchGroups } from "~/lib/search";
import { currentSynonyms } from "./search-synonyms.server";
import {
  displayUnit,
  type CartProductInfo,
  type CategoryWithCount,
  type ProductDetail,
  type ProductSummary,
} from "~/lib/catalog";
import { escapeLike, likePattern } from "~/lib/vocab/like-patterns";

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

// Tests and callers that search the catalog build their patterns the same way.
export { likePattern };

function nameContains(text: string): SQL {
  return sql`${products.name} ilike ${likePattern(text)} escape '\\'`;
}

/** The query as groups of alternatives (its words and their synonyms); none for no query. */
async function groupsOf(db: Queryable, q: string): Promise<string[][]> {
  return q ? searchGroups(q, await currentSynonyms(db)) : [];
}

/**
 * The search as a condition on products: the name holds one alternative of every group (the
 * typed word or one of its synonyms), so 'cabe merah' finds 'Cabai Merah Keriting'. Each
 * `ilike` is served by the name's trigram index.
 */
function searchCondition(groups: string[][]): SQL | undefined {
  if (groups.length === 0) return undefined;
  return and(...groups.map((alternatives) => or(...alternatives.map(nameContains))));
}

/**
 * The same condition on the search copy (product_search, active products only): `key LIKE
 * lower(pattern)` is what `name ILIKE pattern` does inside, without lowering every name again.
 */
function keyCondition(groups: string[][]): SQL | undefined {
  if (groups.length === 0) return undefined;
  const contains = (text: string) => sql`${productSearch.key} like lower(${likePattern(text)}) escape '\\'`;
  return and(...groups.map((alternatives) => or(...alternatives.map(contains))));
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

function listConditions(groups: string[][], filters: Pick<CatalogFilters, "categories" | "price">): SQL | undefined {
  const conditions: SQL[] = [eq(products.isActive, true)];
  const search = searchCondition(groups);
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
  const groups = await groupsOf(db, normalizeSearchText(filters.q));
  const requested = Math.max(1, Math.floor(filters.page) || 1);
  const byNameOnly =
    groups.length > 0 &&
    filters.categories.filter(isUuid).length === 0 &&
    !filters.price &&
    (filters.sort === EMPTY_FILTERS.sort || filters.sort === "name-desc");
  const found = byNameOnly
    ? await searchPage(db, groups, filters.sort === "name-desc", requested, pageSize)
    : await filteredPage(db, groups, filters, requested, pageSize);
  const pageCount = Math.max(1, Math.ceil(found.total / pageSize));
  return { products: found.rows.map(toSummary), total: found.total, page: found.page, pageCount, pageSize };
}

type FoundPage = { rows: ProductSummary[]; total: number; page: number };

/**
 * A search by name alone, in name order (the common case): the matches are found, counted and
 * ordered in the narrow search copy, and only the page's rows are read from products.
 */
async function searchPage(
  db: Queryable,
  groups: string[][],
  descending: boolean,
  requested: number,
  pageSize: number,
  { counted = true }: { counted?: boolean } = {},
): Promise<FoundPage> {
  const where = keyCondition(groups);
  // Without the count ('Mungkin maksud Anda' shows four names) the matches are only ranked.
  const matchCount = counted ? sql<number>`(count(*) over ())::int` : sql<number>`0`;
  const pageOf = async (page: number) => {
    const matches = db
      .select({
        productId: productSearch.productId,
        key: productSearch.key,
        total: matchCount.as("total"),
      })
      .from(productSearch)
      .where(where)
      .orderBy(descending ? desc(productSearch.key) : asc(productSearch.key), asc(productSearch.productId))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .as("m");
    const rows = await db
      .select({ ...summaryColumns, total: matches.total })
      .from(matches)
      .innerJoin(products, eq(products.id, matches.productId))
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(eq(products.isActive, true))
      .orderBy(descending ? desc(matches.key) : asc(matches.key), asc(matches.productId));
    return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  };
  let page = requested;
  let { rows, total } = await pageOf(page);
  if (rows.length === 0 && page > 1) {
    // A page past the end (an old link) shows the last page: only then is the count asked alone.
    const [counted] = await db.select({ total: count() }).from(productSearch).where(where);
    total = counted.total;
    page = Math.max(1, Math.ceil(total / pageSize));
    rows = total === 0 ? [] : (await pageOf(page)).rows;
  }
  return { rows, total, page };
}

/** Every other list: categories, a price range or a price order, with or without a search. */
async function filteredPage(
  db: Queryable,
  groups: string[][],
  filters: CatalogFilters,
  requested: number,
  pageSize: number,
): Promise<FoundPage> {
  const where = listConditions(groups, filters);
  const order = listOrder(filters.sort, groups.length > 0);
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
  let page = requested;
  let rows = await pageOf(page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    // A page past the end (an old link) shows the last page: only then is the count asked alone.
    const [counted] = await db.select({ total: count() }).from(products).where(where);
    total = counted.total;
    page = Math.max(1, Math.ceil(total / pageSize));
    rows = total === 0 ? [] : await pageOf(page);
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total, page };
}

/** How alike a name must be to count as what a misspelt query meant (pg_trgm word similarity). */
export const CLOSEST_THRESHOLD = 0.45;
export const CLOSEST_LIMIT = 4;
/** How many of the catalog's words nearest a misspelt word (trigram distance) are weighed. */
const NEAREST_WORDS = 5;

/**
 * The products a query that matched nothing most likely meant ('kangkong' -> Kangkung): 'Mungkin
 * maksud Anda'. Each word of the query that no name holds is replaced by the catalog's nearest
 * word (search_words, at least CLOSEST_THRESHOLD word similarity), and the corrected query is
 * searched like any other, in name order. When no word can be corrected that way (or the
 * corrected query still finds nothing), the names closest to the whole query, by pg_trgm.
 */
export async function closestProducts(
  db: Queryable,
  rawQuery: string,
  limit = CLOSEST_LIMIT,
): Promise<ProductSummary[]> {
  const q = normalizeSearchText(rawQuery);
  if (Array.from(q).length < 3) return [];
  const pairs = await currentSynonyms(db);
  const groups = searchGroups(q, pairs);
  const corrected = await correctedQuery(db, groups);
  if (corrected) {
    const found = await searchPage(db, searchGroups(corrected, pairs), false, 1, limit, { counted: false });
    if (found.rows.length > 0) return found.rows.map(toSummary);
  }
  // One word is answered by the word list alone: ranking every name that shares a few trigrams
  // with it ('jagong': the 2,500 Jagung names, all below the threshold) cost 20-30 ms of the
  // embedded database's CPU to find nothing; a word typed across two of a name's words
  // ('bawangmerah') is still answered, with the names holding the nearer one ('Bawang ...').
  // Several words may be closest across the words of a name: for those the names are ranked.
  const oneWord = groups.length === 1 && groups[0].length === 1 && !groups[0][0].includes(" ");
  return oneWord ? [] : closestNames(db, q, limit);
}

type NearWord = { word: string; sim: number; ws: number };

/**
 * The query with each word no active product's name holds replaced by the nearest catalog word;
 * null when some word has none near enough, or when there was nothing to correct.
 */
async function correctedQuery(db: Queryable, groups: string[][]): Promise<string | null> {
  if (groups.length === 0) return null;
  // One query: whether each group matches some name, and each one-word group's nearest words.
  const columns = groups.map((alternatives, i) => {
    const matched = sql`exists (select 1 from ${productSearch} where ${keyCondition([alternatives])})`;
    const word = alternatives[0];
    const nearest =
      alternatives.length === 1 && !word.includes(" ")
        ? sql`(select coalesce(json_agg(json_build_object('word', n.word, 'sim', similarity(${word}, n.word), 'ws', word_similarity(${word}, n.word))), '[]')::text
              from (select ${searchWords.word} as word from ${searchWords} order by ${searchWords.word} <-> ${word} limit ${NEAREST_WORDS}) n)`
        : sql`'[]'`;
    return sql`${matched} as ${sql.identifier(`m${i}`)}, ${nearest} as ${sql.identifier(`n${i}`)}`;
  });
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
  let changed = false;
  const words: string[] = [];
  for (const [i, alternatives] of groups.entries()) {
    if (row[`m${i}`] === true) {
      words.push(alternatives[0]);
      continue;
    }
    const near = (JSON.parse(String(row[`n${i}`])) as NearWord[])
      .filter((n) => n.ws >= CLOSEST_THRESHOLD)
      .sort((a, b) => b.sim - a.sim || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    if (near.length === 0) return null;
    words.push(near[0].word);
    changed = true;
  }
  return changed ? words.join(" ") : null;
}

/** node-postgres answers `{ rows }`, PGlite too; both are read the same way. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The names closest to the whole query, best first: pg_trgm's word similarity (whole words
 * first: 'kangkong' is nearer Kangkung than the end of 'Daun Singkong'), served by the search
 * copy's trigram index; the threshold is set for this transaction only.
 */
async function closestNames(db: Queryable, q: string, limit: number): Promise<ProductSummary[]> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(CLOSEST_THRESHOLD)}, true)`);
    const nearest = tx
      .select({
        productId: productSearch.productId,
        key: productSearch.key,
        wholeWords: sql<number>`strict_word_similarity(${q}, ${productSearch.key})`.as("whole_words"),
        score: sql<number>`word_similarity(${q}, ${productSearch.key})`.as("score"),
      })
      .from(productSearch)
      .where(sql`${q} <% ${productSearch.key}`)
      .orderBy(
        desc(sql`strict_word_similarity(${q}, ${productSearch.key})`),
        desc(sql`word_similarity(${q}, ${productSearch.key})`),
        asc(productSearch.key),
        asc(productSearch.productId),
      )
      .limit(limit)
      .as("m");
    return tx
      .select(summaryColumns)
      .from(nearest)
      .innerJoin(products, eq(products.id, nearest.productId))
      .leftJoin(categories, eq(products.categoryId, categories.id))
      .where(eq(products.isActive, true))
      .orderBy(desc(nearest.wholeWords), desc(nearest.score), asc(nearest.key), asc(nearest.productId));
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
  const escaped = escapeLike(q);
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
  // Every match ranked in the search copy; only the six shown are read from products.
  const rank = sql<number>`case when ${productSearch.key} like ${`${escaped}%`} escape '\\' then 0 when ${productSearch.key} like ${`% ${escaped}%`} escape '\\' then 1 else 2 end`;
  const ranked = db
    .select({ productId: productSearch.productId, key: productSearch.key, rank: rank.as("rank") })
    .from(productSearch)
    .where(keyCondition(await groupsOf(db, q)))
    .orderBy(asc(rank), asc(productSearch.key), asc(productSearch.productId))
    .limit(SUGGESTION_LIMIT)
    .as("r");
  const rows = await db
    .select(columns)
    .from(ranked)
    .innerJoin(products, eq(products.id, ranked.productId))
    .where(eq(products.isActive, true))
    .orderBy(asc(ranked.rank), asc(ranked.key), asc(ranked.productId));
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
