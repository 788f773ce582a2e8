// /categories/:slugOrId, the older link form: a permanent redirect to /category/:slug.
import { data, redirect } from "react-router";
import { ErrorState } from "~/components/error-state-later";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import { findCategoryBySlugOrId } from "~/server/catalog/public.server";
import type { Route } from "./+types/categories.$slug";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export async function loader({ params, context }: Route.LoaderArgs) {
  const category = await findCategoryBySlugOrId(await dbOf(context), params.slug ?? "");
  if (!category) throw data("Kategori Tidak Ditemukan", { status: 404 });
  return redirect(`/category/${encodeURIComponent(category.slug)}`, 301);
}

const TITLE = "Halaman Tidak Ditemukan";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(TITLE, shopNameFrom(matches)) },
  { name: "robots", content: "noindex" },
];

export default function CategoryRedirect() {
  return null;
}

// The title and noindex come from `meta` above, which React Router runs for a route in
// error too; a <title> here as well gave the page two.
export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <ErrorState status={404} />
    </div>
  );
}
