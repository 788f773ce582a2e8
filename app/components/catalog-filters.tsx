// The product list's search and filters. Everything is a link or a GET form, so the URL
// always holds the state (shareable, reloadable, works before JavaScript); with JavaScript
// the selects apply on change and the phone gets a bottom sheet.
import { lazy, Suspense, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search, SlidersHorizontal, X } from "lucide-react";
import {
  activeFilterCount,
  catalogHref,
  DEFAULT_SORT,
  PRICE_RANGE_LABELS,
  PRICE_RANGES,
  SORT_LABELS,
  SORTS,
  toggledPriceSort,
  type CatalogFilters,
  parseCatalogFilters,
} from "~/lib/catalog-filters";
import { cn } from "~/lib/utils";
import { Button, buttonClass } from "./ui/button";
import { Select } from "./ui/field";
import { SearchSuggestInput } from "./search-suggest";

export type FilterCategory = { id: string; name: string };

/** The clean URL a filter form stands for (no empty or default parameters), back on page 1. */
function hrefFromForm(form: HTMLFormElement, pathname: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
  return catalogHref({ ...parseCatalogFilters(params), page: 1 }, pathname);
}

/** Submits a GET filter form as a client navigation to its clean URL. */
export function useFilterNavigate(pathname: string) {
  const navigate = useNavigate();
  return (form: HTMLFormElement) => navigate(hrefFromForm(form, pathname));
}

function HiddenFilters({ filters, omit }: { filters: CatalogFilters; omit: ("q" | "category" | "price" | "sort")[] }) {
  return (
    <>
      {!omit.includes("q") && filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
      {!omit.includes("category")
        ? filters.categories.map((id) => <input key={id} type="hidden" name="category" value={id} />)
        : null}
      {!omit.includes("price") && filters.price ? <input type="hidden" name="price" value={filters.price} /> : null}
      {!omit.includes("sort") && filters.sort !== DEFAULT_SORT ? (
        <input type="hidden" name="sort" value={filters.sort} />
      ) : null}
    </>
  );
}

export function SearchBox({
  filters,
  action = "/products",
  autoFocus = false,
  className,
}: {
  filters: CatalogFilters;
  action?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const go = useFilterNavigate(action);
  return (
    <Form
      method="get"
      action={action}
      role="search"
      className={cn("flex gap-2", className)}
      onSubmit={(e) => {
        e.preventDefault();
        (e.currentTarget.querySelector("input[type=search]") as HTMLInputElement | null)?.blur();
        go(e.currentTarget);
      }}
    >
      <HiddenFilters filters={filters} omit={["q"]} />
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-stone-500"
          aria-hidden="true"
        />
        <SearchSuggestInput
          key={filters.q}
          defaultValue={filters.q}
          autoFocus={autoFocus}
          className="h-11 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-10 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-700 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      <Button type="submit" className="px-4">
        Cari
      </Button>
    </Form>
  );
}

// Short component classes (app.css): a chip per category repeats on every list page.
const chip = "chip";
const chipOn = "chip-on";
const chipOff = "chip-off";

/** Desktop: 'Semua' plus one chip per category; a chip shows that category alone. */
export function CategoryChips({
  filters,
  categories,
  pathname = "/products",
}: {
  filters: CatalogFilters;
  categories: FilterCategory[];
  pathname?: string;
}) {
  const none = filters.categories.length === 0;
  return (
    <nav aria-label="Filter kategori" className="flex flex-wrap gap-2">
      <Link
        to={catalogHref({ ...filters, categories: [], page: 1 }, pathname)}
        className={cn(chip, none ? chipOn : chipOff)}
        aria-current={none ? "page" : undefined}
      >
        Semua
      </Link>
      {categories.map((c) => {
        const on = filters.categories.includes(c.id);
        return (
          <Link
            key={c.id}
            to={catalogHref(
              { ...filters, categories: on && filters.categories.length === 1 ? [] : [c.id], page: 1 },
              pathname,
            )}
            className={cn(chip, on ? chipOn : chipOff)}
            aria-current={on ? "page" : undefined}
          >
            {c.name}
          </Link>
        );
      })}
    </nav>
  );
}

/** Desktop: price range and sort selects, applied on change (a button does it without JavaScript). */
export function SortAndPriceSelects({
  filters,
  pathname = "/products",
}: {
  filters: CatalogFilters;
  pathname?: string;
}) {
  const go = useFilterNavigate(pathname);
  return (
    <Form
      method="get"
      action={pathname}
      className="flex flex-wrap items-end gap-3"
      onChange={(e) => go(e.currentTarget)}
      onSubmit={(e) => {
        e.preventDefault();
        go(e.currentTarget);
      }}
    >
      <HiddenFilters filters={filters} omit={["price", "sort"]} />
      <label className="flex flex-col gap-1 text-xs font-semibold text-stone-700">
        Harga
        <Select
          name="price"
          aria-label="Harga"
          defaultValue={filters.price ?? ""}
          key={`price-${filters.price}`}
          className="w-52 font-normal"
        >
          <option value="">Semua Harga</option>
          {PRICE_RANGES.map((r) => (
            <option key={r} value={r}>
              {PRICE_RANGE_LABELS[r]}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-semibold text-stone-700">
        Urutkan
        <Select
          name="sort"
          aria-label="Urutkan"
          defaultValue={filters.sort}
          key={`sort-${filters.sort}`}
          className="w-48 font-normal"
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </Select>
      </label>
      <noscript>
        <button type="submit" className={buttonClass({ variant: "outline" })}>
          Terapkan
        </button>
      </noscript>
    </Form>
  );
}

/** The quick price sort: Termurah (price-asc) and Termahal (price-desc) flip into each other. */
export function QuickPriceToggle({ filters, pathname = "/products" }: { filters: CatalogFilters; pathname?: string }) {
  const active = filters.sort === "price-asc" || filters.sort === "price-desc";
  const next = toggledPriceSort(filters.sort);
  const Icon = filters.sort === "price-desc" ? ArrowDownWideNarrow : ArrowUpNarrowWide;
  return (
    <Link
      to={catalogHref({ ...filters, sort: next, page: 1 }, pathname)}
      className={cn(chip, active ? "border-brand-700 bg-brand-50 text-brand-800" : chipOff)}
      aria-label={`Urutkan harga: ${next === "price-asc" ? "Termurah" : "Termahal"} dulu`}
      data-testid="quick-price-toggle"
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {filters.sort === "price-desc" ? "Termahal" : "Termurah"}
    </Link>
  );
}

/** Phone: what is filtered, each removable with one tap. */
export function ActiveFilterChips({
  filters,
  categories,
  pathname = "/products",
  className,
}: {
  filters: CatalogFilters;
  categories: FilterCategory[];
  pathname?: string;
  className?: string;
}) {
  const items: { key: string; label: string; href: string }[] = [];
  if (filters.q)
    items.push({ key: "q", label: `“${filters.q}”`, href: catalogHref({ ...filters, q: "", page: 1 }, pathname) });
  for (const id of filters.categories) {
    const name = categories.find((c) => c.id === id)?.name;
    if (name)
      items.push({
        key: id,
        label: name,
        href: catalogHref({ ...filters, categories: filters.categories.filter((c) => c !== id), page: 1 }, pathname),
      });
  }
  if (filters.price)
    items.push({
      key: "price",
      label: PRICE_RANGE_LABELS[filters.price],
      href: catalogHref({ ...filters, price: null, page: 1 }, pathname),
    });
  if (filters.sort !== DEFAULT_SORT)
    items.push({
      key: "sort",
      label: SORT_LABELS[filters.sort],
      href: catalogHref({ ...filters, sort: DEFAULT_SORT, page: 1 }, pathname),
    });
  if (items.length === 0) return null;
  return (
    <ul
      className={cn("flex gap-2 overflow-x-auto pb-1", className)}
      aria-label="Filter aktif"
      data-testid="active-filters"
    >
      {items.map((item) => (
        <li key={item.key} className="shrink-0">
          <Link
            to={item.href}
            className="inline-flex min-h-11 items-center gap-1 rounded-full bg-brand-100 py-1 pr-2 pl-3 text-sm font-semibold text-brand-900 hover:bg-brand-200"
            aria-label={`Hapus filter ${item.label}`}
          >
            {item.label}
            <X className="h-4 w-4" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function filterButtonClass(count: number): string {
  return cn(chip, count > 0 ? "border-brand-700 bg-brand-50 text-brand-800" : chipOff);
}

/** What the phone's 'Filter' button shows: its icon, its word and how many filters are on. */
export function FilterButtonFace({ count }: { count: number }) {
  return (
    <>
      <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
      Filter
      {count > 0 ? (
        <span
          className="ml-0.5 min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs leading-5 text-white"
          data-testid="filter-count"
        >
          <span className="sr-only">aktif: </span>
          {count}
        </span>
      ) : null}
    </>
  );
}

const loadFilterSheet = () => import("./mobile-filter-sheet");
const FilterSheet = lazy(loadFilterSheet);

/** Phone: a 'Filter' button with the active count, opening a bottom sheet (Kategori, Harga, Urutkan). */
export function MobileFilterSheet(props: { filters: CatalogFilters; categories: FilterCategory[]; pathname?: string }) {
  const [used, setUsed] = useState(false);
  const count = activeFilterCount(props.filters);
  const placeholder = (
    <button
      type="button"
      className={filterButtonClass(count)}
      data-testid="filter-button"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadFilterSheet()}
      onTouchStart={() => void loadFilterSheet()}
      onFocus={() => void loadFilterSheet()}
      onClick={() => setUsed(true)}
    >
      <FilterButtonFace count={count} />
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <FilterSheet {...props} />
    </Suspense>
  );
}
