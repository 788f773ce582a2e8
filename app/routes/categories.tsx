// /categories: every category with how many products it holds.
import { Link } from "react-router";
import { ChevronRight } from "lucide-react";
import { CategoryIcon } from "~/components/category-icon";
import { metaDescription, pageTitle, shopNameFrom } from "~/lib/seo";
import { listCategoriesWithCounts } from "~/server/catalog/public.server";
import type { Route } from "./+types/categories";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listCategoriesWithCounts(await dbOf(context)) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const shop = shopNameFrom(matches);
  const names = data?.categories.map((c) => c.name).join(", ") ?? "";
  return [
    { title: pageTitle("Kategori Produk", shop) },
    {
      name: "description",
      content: metaDescription(
        `Kategori produk ${shop}: ${names}. Segar dari petani sekitar Jember, diantar besok pagi atau sore.`,
      ),
    },
  ];
};

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-8">
      <h1 className="text-2xl font-extrabold text-stone-900 md:text-3xl">Kategori Produk</h1>
      <p className="mt-1 text-sm text-stone-700">Pilih kategori untuk melihat produknya.</p>
      {categories.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-700">
          Belum ada kategori.
        </p>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={`/category/${c.slug}`}
                prefetch="intent"
                className="hover:border-brand-300 flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md"
              >
                <CategoryIcon slug={c.slug} />
                <span className="min-w-0 flex-1">
                  <span className="block text-lg font-bold text-stone-900">{c.name}</span>
                  <span className="block text-sm text-stone-700">{c.productCount} produk</span>
                </span>
                <ChevronRight className="h-5 w-5 text-stone-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/products"
        className="mt-6 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 hover:underline"
      >
        Lihat semua produk <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
