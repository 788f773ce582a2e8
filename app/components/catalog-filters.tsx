// The product list's search and filters. Everything is a link or a GET form, so the URL
// always holds the state (shareable, reloadable, works before JavaScript); with JavaScript
// the selects apply on change and the phone gets a bottom sheet.
import { useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Dialog as D } from "radix-ui";
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
  MAX_QUERY_LENGTH,
  parseCatalogFilters,
} from "~/lib/catalog-filters";
import { cn } from "~/lib/utils";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "./ui/accordion";
import { Button, buttonClass } from "./ui/button";
import { SheetContent } from "./ui/dialog";
import { Select } from "./ui/field";

export type FilterCategory = { id: string; name: string };

/** The clean URL a filter form stands for (no empty or default parameters), back on page 1. */
function hrefFromForm(form: HTMLFormElement, pathname: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
  return catalogHref({ ...parseCatalogFilters(params), page: 1 }, pathname);
}

/** Submits a GET filter form as a client navigation to its clean URL. */
function useFilterNavigate(pathname: string) {
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
        <input
          key={filters.q}
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={MAX_QUERY_LENGTH}
          enterKeyHint="search"
          autoComplete="off"
          // The search screen exists to type into.
          autoFocus={autoFocus}
          placeholder="Cari sayur, bumbu, daging..."
          aria-label="Cari produk"
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

/** Phone: a 'Filter' button with the active count, opening a bottom sheet (Kategori, Harga, Urutkan). */
export function MobileFilterSheet({
  filters,
  categories,
  pathname = "/products",
}: {
  filters: CatalogFilters;
  categories: FilterCategory[];
  pathname?: string;
}) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>(filters.categories);
  const [price, setPrice] = useState<string>(filters.price ?? "");
  const [sort, setSort] = useState<string>(filters.sort);
  const go = useFilterNavigate(pathname);
  const count = activeFilterCount(filters);

  const openSheet = (next: boolean) => {
    if (next) {
      // The sheet starts from what the list shows now.
      setSelected(filters.categories);
      setPrice(filters.price ?? "");
      setSort(filters.sort);
    }
    setOpen(next);
  };

  const radio =
    "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-base text-stone-800 hover:bg-stone-50";
  const control = "h-5 w-5 shrink-0 accent-brand-700";

  return (
    <D.Root open={open} onOpenChange={openSheet}>
      <D.Trigger
        className={cn(chip, count > 0 ? "border-brand-700 bg-brand-50 text-brand-800" : chipOff)}
        data-testid="filter-button"
      >
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
      </D.Trigger>
      <SheetContent title="Filter Produk">
        <Form
          method="get"
          action={pathname}
          onSubmit={(e) => {
            e.preventDefault();
            go(e.currentTarget);
            setOpen(false);
          }}
        >
          {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
          <Accordion type="multiple" defaultValue={["kategori", "harga", "urutkan"]} className="px-4">
            <AccordionItem value="kategori">
              <AccordionTrigger>
                <span>
                  Kategori
                  {selected.length > 0 ? (
                    <span className="ml-2 text-sm font-normal text-brand-800">({selected.length})</span>
                  ) : null}
                </span>
              </AccordionTrigger>
              <AccordionContent>
                <fieldset>
                  <legend className="sr-only">Kategori</legend>
                  {categories.map((c) => (
                    <label key={c.id} className={radio}>
                      <input
                        type="checkbox"
                        name="category"
                        value={c.id}
                        className={control}
                        checked={selected.includes(c.id)}
                        onChange={(e) =>
                          setSelected((list) => (e.target.checked ? [...list, c.id] : list.filter((id) => id !== c.id)))
                        }
                      />
                      {c.name}
                    </label>
                  ))}
                </fieldset>
              </AccordionContent>
            </AccordionItem>
            <AccordionItem value="harga">
              <AccordionTrigger>Harga</AccordionTrigger>
              <AccordionContent>
                <fieldset>
                  <legend className="sr-only">Harga</legend>
                  {[["", "Semua Harga"] as const, ...PRICE_RANGES.map((r) => [r, PRICE_RANGE_LABELS[r]] as const)].map(
                    ([value, label]) => (
                      <label key={value || "all"} className={radio}>
                        <input
                          type="radio"
                          name="price"
                          value={value}
                          className={control}
                          checked={price === value}
                          onChange={() => setPrice(value)}
                        />
                        {label}
                      </label>
                    ),
                  )}
                </fieldset>
              </AccordionContent>
            </AccordionItem>
            <AccordionItem value="urutkan" className="border-b-0">
              <AccordionTrigger>Urutkan</AccordionTrigger>
              <AccordionContent>
                <fieldset>
                  <legend className="sr-only">Urutkan</legend>
                  {SORTS.map((s) => (
                    <label key={s} className={radio}>
                      <input
                        type="radio"
                        name="sort"
                        value={s}
                        className={control}
                        checked={sort === s}
                        onChange={() => setSort(s)}
                      />
                      {SORT_LABELS[s]}
                    </label>
                  ))}
                </fieldset>
              </AccordionContent>
            </AccordionItem>
          </Accordion>
          <div className="sticky bottom-0 flex gap-3 border-t border-stone-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <Button
              variant="outline"
              className="flex-1"
              onClick={() => {
                setSelected([]);
                setPrice("");
                setSort(DEFAULT_SORT);
              }}
            >
              Reset
            </Button>
            <Button type="submit" className="flex-1">
              Terapkan
            </Button>
          </div>
        </Form>
      </SheetContent>
    </D.Root>
  );
}
