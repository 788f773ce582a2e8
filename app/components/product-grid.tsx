// Product cards in a responsive grid (two columns on a phone, up to four on a desktop),
// and what goes with a list: its empty state, its pages, its loading flag.
import { Link, useLocation, useNavigation } from "react-router";
import { ChevronLeft, ChevronRight, SearchX } from "lucide-react";
import type { ProductSummary } from "~/lib/catalog";
import { catalogHref, type CatalogFilters } from "~/lib/catalog-filters";
import { cn } from "~/lib/utils";
import { ProductCard } from "./product-card";
import { buttonClass } from "./ui/button";

/** One page of a product list, as the server's listProducts gives it. */
export type ListPage = { page: number; pageCount: number };

export function ProductGrid({
  products,
  priorityCount = 0,
  headingLevel = 3,
  className,
}: {
  products: ProductSummary[];
  priorityCount?: number;
  /** 2 when the grid sits right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  className?: string;
}) {
  return (
    <ul
      className={cn("grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4", className)}
      data-testid="product-grid"
    >
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} priority={i < priorityCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

export function EmptyResult({ resetHref = "/products" }: { resetHref?: string }) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <SearchX className="h-12 w-12 text-stone-400" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold text-stone-900">Produk Tidak Ditemukan</h2>
      <p className="mt-1 max-w-sm text-sm text-stone-700">Coba kata kunci lain atau ubah filter yang dipilih.</p>
      <Link to={resetHref} className={buttonClass({ className: "mt-5" })}>
        Reset Filter
      </Link>
    </div>
  );
}

export function Pagination({
  filters,
  result,
  pathname,
}: {
  filters: CatalogFilters;
  result: ListPage;
  pathname: string;
}) {
  if (result.pageCount <= 1) return null;
  const link =
    "inline-flex min-h-11 items-center gap-1 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100";
  // Muted but still readable (contrast 4.8:1): an opacity would fail the contrast check.
  const off = "pointer-events-none border-stone-200 text-stone-500";
  const prev = result.page > 1 ? catalogHref({ ...filters, page: result.page - 1 }, pathname) : null;
  const next = result.page < result.pageCount ? catalogHref({ ...filters, page: result.page + 1 }, pathname) : null;
  return (
    <nav aria-label="Halaman" className="mt-8 flex items-center justify-center gap-3">
      {prev ? (
        <Link to={prev} className={link} rel="prev">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Sebelumnya
        </Link>
      ) : (
        <span className={cn(link, off)} aria-hidden="true">
          <ChevronLeft className="h-4 w-4" /> Sebelumnya
        </span>
      )}
      <span className="text-sm text-stone-700">
        Halaman {result.page} dari {result.pageCount}
      </span>
      {next ? (
        <Link to={next} className={link} rel="next">
          Berikutnya <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={cn(link, off)} aria-hidden="true">
          Berikutnya <ChevronRight className="h-4 w-4" />
        </span>
      )}
    </nav>
  );
}

/** True while the list at `pathname` is loading new results (a filter changed). */
export function useListLoading(pathname: string): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname && location.pathname === pathname;
}
