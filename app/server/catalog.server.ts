// The public catalog: the only code that reads products and categories for shoppers.
// Hidden products (is_active = false) are never listed, shown or sold from here.
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import { MAX_CART_LINES } from "~/lib/cart";
import { isUuid } from "~/lib/form";
import { normalizeQuery, PRICE_RANGE_BOUNDS, type CatalogFilters } from "~/lib/catalog-filters";
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

function listConditions(filters: Pick<CatalogFilters, "q" | "categories" | "price">): SQL | undefined {
  const conditions: SQL[] = [eq(products.isActive, true)];
  const q = normalizeQuery(filters.q);
  if (q) conditions.push(nameContains(q));
  const ids = filters.categories.filter(isUuid);
  if (ids.length > 0) conditions.push(inArray(products.categoryId, ids));
  if (filters.price) {
    const { min, max } = PRICE_RANGE_BOUNDS[filters.price];
    if (min !== undefined) conditions.push(gte(effectivePrice, min));
    if (max !== undefined) conditions.push(lt(effectivePrice, max));
  }
  return and(...conditions);
}

function listOrder(sort: CatalogFilters["sort"]): SQL[] {
  switch (sort) {
    case "name-desc":
      return [desc(nameKey), asc(products.id)];
    case "price-asc":
      return [asc(effectivePrice), asc(nameKey), asc(products.id)];
    case "price-desc":
      return [desc(effectivePrice), asc(nameKey), asc(products.id)];
    default:
      return [asc(nameKey), asc(products.id)];
  }
}

/**
 * The product list: search (literal, case-insensitive substring of the name), categories,
 * a price range on the price paid, a sort, and one page of results. A page past the end
 * gives the last page.
 */
export async function listProducts(
  db: Queryable,
  filters: CatalogFilters,
  { pageSize = PRODUCTS_PAGE_SIZE }: { pageSize?: number } = {},
): Promise<ProductPage> {
  const where = listConditions(filters);
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(filters.page) || 1), pageCount);
  const rows =
    total === 0
      ? []
      : await db
          .select(summaryColumns)
          .from(products)
          .leftJoin(categories, eq(products.categoryId, categories.id))
          .where(where)
          .orderBy(...listOrder(filters.sort))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return { products: rows.map(toSummary), total, page, pageCount, pageSize };
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
