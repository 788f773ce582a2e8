// The product list's filters as they travel in the URL (?q=&category=&price=&sort=&page=),
// so a shared or reloaded link shows the same result. Odd values are dropped, never thrown.
// zod/mini: the catalog pages ship this to the browser; the functional API is much smaller.
import { isUuid } from "./form";
import { formatRupiah } from "./money";

export const MAX_QUERY_LENGTH = 100;
export const MAX_CATEGORY_FILTERS = 20;
export const MAX_PAGE = 1000;

export const PRICE_RANGES = ["under-10k", "10k-20k", "20k-50k", "above-50k"] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

/** Bounds on the price a shopper pays (the discounted price): min inclusive, max exclusive. */
export const PRICE_RANGE_BOUNDS: Record<PriceRange, { min?: number; max?: number }> = {
  "under-10k": { max: 10_000 },
  "10k-20k": { min: 10_000, max: 20_000 },
  "20k-50k": { min: 20_000, max: 50_000 },
  "above-50k": { min: 50_000 },
};

export const PRICE_RANGE_LABELS: Record<PriceRange, string> = {
  "under-10k": `Di bawah ${formatRupiah(10_000)}`,
  "10k-20k": `${formatRupiah(10_000)} - ${formatRupiah(20_000)}`,
  "20k-50k": `${formatRupiah(20_000)} - ${formatRupiah(50_000)}`,
  "above-50k": `${formatRupiah(50_000)} ke atas`,
};

export const SORTS = ["name-asc", "name-desc", "price-asc", "price-desc"] as const;
export type SortKey = (typeof SORTS)[number];
export const DEFAULT_SORT: SortKey = "name-asc";

export const SORT_LABELS: Record<SortKey, string> = {
  "name-asc": "Nama A-Z",
  "name-desc": "Nama Z-A",
  "price-asc": "Harga Terendah",
  "price-desc": "Harga Tertinggi",
};

export type CatalogFilters = {
  /** Search text, trimmed and capped; empty when none. */
  q: string;
  /** Category ids (uuids), deduplicated, in the order given. */
  categories: string[];
  price: PriceRange | null;
  sort: SortKey;
  page: number;
};

export const EMPTY_FILTERS: CatalogFilters = { q: "", categories: [], price: null, sort: DEFAULT_SORT, page: 1 };

// Plain checks rather than zod: each parameter is one of a few known words or a small whole
// number, and the filter form runs this in the browser, whose first script must stay small.
function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return allowed.find((item) => item === value) ?? null;
}

/** A page number as typed ("2", " 3 ", "2.0"): a whole number from 1 to MAX_PAGE, else page 1. */
function pageNumber(raw: string | null): number {
  const page = Number(raw ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Search text as typed, made safe: control characters out, spaces collapsed, capped. */
export function normalizeQuery(raw: string | null | undefined): string {
  if (typeof raw !== "string") return "";
  const cleaned = raw.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
  return Array.from(cleaned).slice(0, MAX_QUERY_LENGTH).join("").trim();
}

/** Category ids from repeated `category` params and/or comma lists; anything not a uuid is ignored. */
export function parseCategoryIds(values: string[]): string[] {
  const ids: string[] = [];
  for (const value of values) {
    for (const part of value.split(",")) {
      const id = part.trim().toLowerCase();
      if (!id || ids.includes(id) || !isUuid(id)) continue;
      ids.push(id);
      if (ids.length >= MAX_CATEGORY_FILTERS) return ids;
    }
  }
  return ids;
}

export function parseCatalogFilters(params: URLSearchParams): CatalogFilters {
  return {
    q: normalizeQuery(params.get("q")),
    categories: parseCategoryIds(params.getAll("category")),
    price: oneOf(PRICE_RANGES, params.get("price")),
    sort: oneOf(SORTS, params.get("sort")) ?? DEFAULT_SORT,
    page: pageNumber(params.get("page")),
  };
}

/** The inverse of parseCatalogFilters: only non-default values appear, so URLs stay short. */
export function catalogSearchParams(filters: Partial<CatalogFilters>): URLSearchParams {
  const params = new URLSearchParams();
  const q = normalizeQuery(filters.q);
  if (q) params.set("q", q);
  for (const id of filters.categories ?? []) params.append("category", id);
  if (filters.price) params.set("price", filters.price);
  if (filters.sort && filters.sort !== DEFAULT_SORT) params.set("sort", filters.sort);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** `/products` (or another list path) with the given filters, e.g. `/products?q=bayam`. */
export function catalogHref(filters: Partial<CatalogFilters>, pathname = "/products"): string {
  const search = catalogSearchParams(filters).toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * `<link rel="prev">` / `<link rel="next">` for a list page's head (as route meta
 * descriptors): crawlers and reading tools find the neighbouring pages without JavaScript.
 */
export function pageLinkTags(
  filters: Partial<CatalogFilters>,
  { page, pageCount }: { page: number; pageCount: number },
  pathname: string,
): { tagName: "link"; rel: "prev" | "next"; href: string }[] {
  const tags: { tagName: "link"; rel: "prev" | "next"; href: string }[] = [];
  if (page > 1)
    tags.push({ tagName: "link", rel: "prev", href: catalogHref({ ...filters, page: page - 1 }, pathname) });
  if (page < pageCount)
    tags.push({ tagName: "link", rel: "next", href: catalogHref({ ...filters, page: page + 1 }, pathname) });
  return tags;
}

/** How many filters (not counting the search text) differ from the defaults: the badge on the filter button. */
export function activeFilterCount(filters: CatalogFilters): number {
  return filters.categories.length + (filters.price ? 1 : 0) + (filters.sort !== DEFAULT_SORT ? 1 : 0);
}

/** The quick price toggle: Termurah (price-asc) and Termahal (price-desc) flip into each other. */
export function toggledPriceSort(sort: SortKey): SortKey {
  return sort === "price-asc" ? "price-desc" : "price-asc";
}
