// /products: search, category, price and sort from the URL, rendered on the server.
import { useLocation } from "react-router";
import {
  ActiveFilterChips,
  CategoryChips,
  MobileFilterSheet,
  QuickPriceToggle,
  SearchBox,
  SortAndPriceSelects,
} from "~/components/catalog-filters";
import { EmptyResult, Pagination, ProductGrid, useListLoading } from "~/components/product-grid";
import { ProductGridSkeleton } from "~/components/skeletons";
import { buttonClass } from "~/components/ui/button";
import { pageLinkTags, parseCatalogFilters } from "~/lib/catalog-filters";
import { metaDescription, pageTitle, shopNameFrom } from "~/lib/seo";
import { closestProducts, listCategoriesWithCounts, listProducts } from "~/server/catalog/public.server";
import { DidYouMean } from "~/components/did-you-mean";
import type { Route } from "./+types/products";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseCatalogFilters(new URL(request.url).searchParams);
  const db = await dbOf(context);
  const [result, categories] = await Promise.all([listProducts(db, filters), listCategoriesWithCounts(db)]);
  // Nothing matched as typed: the closest names instead ('kangkong' -> Kangkung).
  const closest = result.total === 0 && filters.q ? await closestProducts(db, filters.q) : [];
  return { filters: { ...filters, page: result.page }, result, categories, closest };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const shop = shopNameFrom(matches);
  const q = data?.filters.q;
  const title = q ? `Cari “${q}”` : "Produk Sayur";
  const tags = [
    { title: pageTitle(title, shop) },
    {
      name: "description",
      content: metaDescription(
        `Belanja sayur daun, sayur buah, bumbu dapur, daging dan bahan pokok segar dari petani Jember di ${shop}. Diantar besok pagi atau sore.`,
      ),
    },
  ];
  // Search results and filtered views are for people, not for the index.
  if (data && (q || data.filters.categories.length > 0 || data.filters.price || data.filters.sort !== "name-asc"))
    tags.push({ name: "robots", content: "noindex, follow" });
  return data ? [...tags, ...pageLinkTags(data.filters, data.result, "/products")] : tags;
};

export default function Products({ loaderData }: Route.ComponentProps) {
  const { filters, result, categories, closest } = loaderData;
  const loading = useListLoading("/products");
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-8">
      <h1 className="text-2xl font-extrabold text-stone-900 md:text-3xl">Produk Sayur</h1>
      <p className="mt-1 text-sm text-stone-700">
        Sayur, bumbu, daging dan bahan pokok segar dari petani sekitar Jember.
      </p>

      <SearchBox filters={filters} className="mt-4 md:max-w-xl" />

      <div className="mt-4 hidden md:block">
        <CategoryChips filters={filters} categories={categories} />
      </div>

      <div className="mt-3 flex gap-2 md:hidden">
        <MobileFilterSheet filters={filters} categories={categories} />
        <QuickPriceToggle filters={filters} />
      </div>
      <ActiveFilterChips filters={filters} categories={categories} className="mt-3 md:hidden" />

      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-stone-700" aria-live="polite" data-testid="result-count">
          {loading ? "Memuat produk..." : `${result.total} produk`}
        </p>
        <div className="hidden md:block">
          <SortAndPriceSelects filters={filters} />
        </div>
      </div>

      {loading ? (
        <ProductGridSkeleton count={8} className="mt-3" />
      ) : result.total === 0 && closest.length > 0 ? (
        <DidYouMean query={filters.q} products={closest} />
      ) : result.total === 0 ? (
        <EmptyResult />
      ) : (
        <>
          <ProductGrid products={result.products} priorityCount={4} headingLevel={2} className="mt-3" />
          <Pagination filters={filters} result={result} pathname="/products" />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const location = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-8">
      <h1 className="text-2xl font-extrabold text-stone-900 md:text-3xl">Produk Sayur</h1>
      <div className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-8 text-center" role="alert">
        <h2 className="text-lg font-bold text-red-900">Gagal Memuat Data</h2>
        <p className="mt-1 text-sm text-red-900">Terjadi kesalahan saat memuat produk. Silakan coba lagi.</p>
        <a href={`${location.pathname}${location.search}`} className={buttonClass({ className: "mt-4" })}>
          Coba Lagi
        </a>
      </div>
    </div>
  );
}
