// /search: the phone's search screen. Searching leads into /products?q=, where results live.
import { Link, redirect } from "react-router";
import { ChevronRight } from "lucide-react";
import { SearchBox } from "~/components/catalog-filters";
import { CategoryIcon } from "~/components/category-icon";
import { catalogHref, EMPTY_FILTERS, normalizeQuery } from "~/lib/catalog-filters";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import { listCategoriesWithCounts } from "~/server/catalog/public.server";
import type { Route } from "./+types/search";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = normalizeQuery(new URL(request.url).searchParams.get("q"));
  if (q) throw redirect(catalogHref({ q }));
  return { categories: await listCategoriesWithCounts(await dbOf(context)) };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Cari Produk", shopNameFrom(matches)) },
  { name: "description", content: "Cari sayur, bumbu dapur, daging dan bahan pokok segar dari petani Jember." },
];

export default function Search({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-extrabold text-stone-900">Cari Produk</h1>
      <SearchBox filters={EMPTY_FILTERS} autoFocus className="mt-4" />
      <h2 className="mt-8 text-sm font-bold tracking-wide text-stone-600 uppercase">Telusuri Kategori</h2>
      <ul className="mt-3 divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
        {loaderData.categories.map((c) => (
          <li key={c.id}>
            <Link to={`/category/${c.slug}`} className="flex min-h-14 items-center gap-3 px-4 py-2 hover:bg-stone-50">
              <CategoryIcon slug={c.slug} className="h-10 w-10" />
              <span className="flex-1 font-semibold text-stone-900">{c.name}</span>
              <span className="text-sm text-stone-600">{c.productCount} produk</span>
              <ChevronRight className="h-5 w-5 text-stone-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/products"
        className="mt-6 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 hover:underline"
      >
        Lihat semua produk <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
