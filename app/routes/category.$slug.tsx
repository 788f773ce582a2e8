// /category/:slug: one category's products, sortable, rendered on the server.
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ChevronRight } from "lucide-react";
import { z } from "zod";
import { QuickPriceToggle, SortAndPriceSelects } from "~/components/catalog-filters";
import { CategoryIcon } from "~/components/category-icon";
import { ErrorState } from "~/components/error-state-later";
import { EmptyResult, Pagination, ProductGrid, useListLoading } from "~/components/product-grid";
import { ProductGridSkeleton } from "~/components/skeletons";
import { buttonClass } from "~/components/ui/button";
import { pageLinkTags, parseCatalogFilters } from "~/lib/catalog-filters";
import { metaDescription, pageTitle, shopNameFrom } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { getCategoryBySlug, listCategoriesWithCounts, listProducts } from "~/server/catalog/public.server";
import type { Route } from "./+types/category.$slug";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

const slugSchema = z.string().trim().min(1).max(200);

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const db = await dbOf(context);
  const category = slug.success ? await getCategoryBySlug(db, slug.data) : null;
  if (!category) throw data("Kategori Tidak Ditemukan", { status: 404 });
  // Only sort, price and page apply here: the category is the page itself.
  const filters = { ...parseCatalogFilters(new URL(request.url).searchParams), q: "", categories: [] };
  const [result, categories] = await Promise.all([
    listProducts(db, { ...filters, categories: [category.id] }),
    listCategoriesWithCounts(db),
  ]);
  return { category, filters: { ...filters, page: result.page }, result, categories };
}

export const meta: Route.MetaFunction = ({ data: loaded, error, matches }) => {
  const shop = shopNameFrom(matches);
  if (!loaded) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: pageTitle(notFound ? "Kategori Tidak Ditemukan" : "Terjadi Kesalahan", shop) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { category, result, filters } = loaded;
  const names = result.products
    .slice(0, 6)
    .map((p) => p.name)
    .join(", ");
  return [
    { title: pageTitle(category.name, shop) },
    {
      name: "description",
      content: metaDescription(
        `${category.name} segar dari petani Jember di ${shop}${names ? `: ${names}` : ""}. Diantar besok pagi atau sore.`,
      ),
    },
    ...pageLinkTags(filters, result, `/category/${category.slug}`),
  ];
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, filters, result, categories } = loaderData;
  const pathname = `/category/${category.slug}`;
  const loading = useListLoading(pathname);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-700">
        <ol className="flex items-center gap-1">
          <li>
            <Link to="/categories" className="inline-flex min-h-11 items-center hover:text-brand-800 hover:underline">
              Kategori
            </Link>
          </li>
          <li className="flex items-center gap-1">
            <ChevronRight className="h-4 w-4 text-stone-400" aria-hidden="true" />
            <span aria-current="page" className="font-semibold text-stone-900">
              {category.name}
            </span>
          </li>
        </ol>
      </nav>
      <div className="mt-2 flex items-center gap-4">
        <CategoryIcon slug={category.slug} />
        <div>
          <h1 className="text-2xl font-extrabold text-stone-900 md:text-3xl">{category.name}</h1>
          <p className="text-sm text-stone-700" data-testid="result-count">
            {result.total} produk
          </p>
        </div>
      </div>

      <ul className="mt-5 flex gap-2 overflow-x-auto pb-1" aria-label="Kategori lain">
        {categories.map((c) => {
          const on = c.id === category.id;
          return (
            <li key={c.id} className="shrink-0">
              <Link
                to={`/category/${c.slug}`}
                aria-current={on ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap",
                  on
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-stone-300 bg-white text-stone-800 hover:border-brand-600 hover:text-brand-800",
                )}
              >
                {c.name}
              </Link>
            </li>
          );
        })}
      </ul>

      <div className="mt-4 hidden md:block">
        <SortAndPriceSelects filters={filters} pathname={pathname} />
      </div>
      <div className="mt-3 flex gap-2 md:hidden">
        <QuickPriceToggle filters={filters} pathname={pathname} />
      </div>

      {loading ? (
        <ProductGridSkeleton count={8} className="mt-4" />
      ) : result.total === 0 ? (
        filters.price ? (
          <EmptyResult resetHref={pathname} />
        ) : (
          <div className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center">
            <p className="text-stone-700">Belum ada produk di kategori ini.</p>
            <Link to="/products" className={buttonClass({ className: "mt-4" })}>
              Lihat Semua Produk
            </Link>
          </div>
        )
      ) : (
        <>
          <ProductGrid products={result.products} priorityCount={4} headingLevel={2} className="mt-4" />
          <Pagination filters={filters} result={result} pathname={pathname} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      {notFound ? (
        <div className="text-center">
          <h1 className="text-2xl font-extrabold text-stone-900">Kategori Tidak Ditemukan</h1>
          <p className="mt-2 text-stone-700">Maaf, kategori yang Anda cari tidak ada.</p>
          <Link to="/categories" className={buttonClass({ className: "mt-6" })}>
            Lihat Semua Kategori
          </Link>
        </div>
      ) : (
        <ErrorState status={500} />
      )}
    </div>
  );
}
