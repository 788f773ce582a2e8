import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  catalogHref,
  catalogSearchParams,
  EMPTY_FILTERS,
  MAX_CATEGORY_FILTERS,
  MAX_QUERY_LENGTH,
  normalizeQuery,
  parseCatalogFilters,
  PRICE_RANGES,
  SORTS,
  toggledPriceSort,
  type CatalogFilters,
} from "./catalog-filters";

const SAYUR = "0b6c3c0e-3f0a-4e6b-9d55-6f1f7f0f2a11";
const BUMBU = "5f0e9a52-7d0c-4a3e-8a7b-1b2c3d4e5f60";

const parse = (search: string) => parseCatalogFilters(new URLSearchParams(search));

describe("parseCatalogFilters", () => {
  it("gives the defaults for an empty query string", () => {
    expect(parse("")).toEqual(EMPTY_FILTERS);
    expect(EMPTY_FILTERS.sort).toBe("name-asc");
  });

  it("reads search text, categories, price range, sort and page", () => {
    expect(parse(`q=bayam&category=${SAYUR}&price=10k-20k&sort=price-desc&page=2`)).toEqual({
      q: "bayam",
      categories: [SAYUR],
      price: "10k-20k",
      sort: "price-desc",
      page: 2,
    });
  });

  it("accepts categories repeated or as a comma list, deduplicated and lower-cased", () => {
    expect(parse(`category=${SAYUR}&category=${BUMBU}`).categories).toEqual([SAYUR, BUMBU]);
    expect(parse(`category=${SAYUR},${BUMBU.toUpperCase()},${SAYUR}`).categories).toEqual([SAYUR, BUMBU]);
  });

  it("ignores category values that are not uuids", () => {
    expect(parse("category=abc").categories).toEqual([]);
    expect(parse(`category=abc,${SAYUR},'%20or%201=1`).categories).toEqual([SAYUR]);
  });

  it("caps the number of categories", () => {
    const many = Array.from({ length: 50 }, (_, i) => `0b6c3c0e-3f0a-4e6b-9d55-${String(i).padStart(12, "0")}`);
    expect(parse(`category=${many.join(",")}`).categories).toHaveLength(MAX_CATEGORY_FILTERS);
  });

  it("falls back to the default for an unknown sort, price or page", () => {
    expect(parse("sort=drop").sort).toBe("name-asc");
    expect(parse("sort=name-asc;drop table products").sort).toBe("name-asc");
    expect(parse("price=cheap").price).toBeNull();
    expect(parse("price=").price).toBeNull();
    for (const page of ["0", "-3", "abc", "1.5", "99999999"]) expect(parse(`page=${page}`).page).toBe(1);
  });

  it("trims, collapses and caps the search text", () => {
    expect(parse("q=%20%20bawang%20%20%20merah%20").q).toBe("bawang merah");
    expect(parse(`q=${"a".repeat(10_000)}`).q).toHaveLength(MAX_QUERY_LENGTH);
    expect(parse("q=%00cabai%0A").q).toBe("cabai");
  });

  it("keeps % and _ in the search text as typed", () => {
    expect(parse("q=50%25_off").q).toBe("50%_off");
  });

  it("never throws, whatever the query string", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("q", "category", "price", "sort", "page", "x"), fc.string({ maxLength: 300 })),
        (params) => {
          const filters = parse(new URLSearchParams(params).toString());
          expect(SORTS).toContain(filters.sort);
          expect(filters.price === null || PRICE_RANGES.includes(filters.price)).toBe(true);
          expect(filters.q.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH * 2);
          expect(filters.page).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});

describe("catalogSearchParams and catalogHref", () => {
  it("writes only what differs from the defaults", () => {
    expect(catalogHref(EMPTY_FILTERS)).toBe("/products");
    expect(catalogHref({ ...EMPTY_FILTERS, q: "kangkung" })).toBe("/products?q=kangkung");
    expect(catalogHref({ sort: "price-asc" }, "/category/bumbu")).toBe("/category/bumbu?sort=price-asc");
  });

  it("round-trips through parseCatalogFilters", () => {
    const filters: CatalogFilters = {
      q: "cabai 50% _x",
      categories: [SAYUR, BUMBU],
      price: "above-50k",
      sort: "name-desc",
      page: 3,
    };
    expect(parseCatalogFilters(catalogSearchParams(filters))).toEqual(filters);
  });

  it("round-trips any valid filters", () => {
    const filtersArb = fc.record({
      // Already normal: printable, single spaces, trimmed.
      q: fc.string({ maxLength: 40 }).map((s) => normalizeQuery(s)),
      categories: fc.uniqueArray(fc.uuid({ version: 4 }), { maxLength: 5 }),
      price: fc.constantFrom(null, ...PRICE_RANGES),
      sort: fc.constantFrom(...SORTS),
      page: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(filtersArb, (filters) => {
        expect(parseCatalogFilters(catalogSearchParams(filters))).toEqual(filters);
      }),
    );
  });
});

describe("activeFilterCount and toggledPriceSort", () => {
  it("counts categories, a price range and a non-default sort, not the search text", () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, q: "bayam" })).toBe(0);
    expect(
      activeFilterCount({ ...EMPTY_FILTERS, categories: [SAYUR, BUMBU], price: "under-10k", sort: "price-asc" }),
    ).toBe(4);
  });

  it("flips Termurah and Termahal", () => {
    expect(toggledPriceSort("price-asc")).toBe("price-desc");
    expect(toggledPriceSort("price-desc")).toBe("price-asc");
    expect(toggledPriceSort("name-asc")).toBe("price-asc");
  });
});
