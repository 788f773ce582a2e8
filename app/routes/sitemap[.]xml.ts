// /sitemap.xml: home, the product list, the categories, the shop's own pages, every category
// and every product on sale.
import { listSitemapEntries } from "~/server/catalog/public.server";
import { config } from "~/server/config.server";
import { dbOf } from "~/server/request-context.server";
import type { Route } from "./+types/sitemap[.]xml";
import { routePolicy } from "~/server/route-policy.server";

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export async function loader({ context }: Route.LoaderArgs) {
  const appUrl = config().appUrl;
  const { categories, products } = await listSitemapEntries(await dbOf(context));
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(`${appUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url("/"),
    url("/products"),
    url("/categories"),
    url("/about"),
    url("/supply-with-us"),
    url("/contact"),
    ...categories.map((c) => url(`/category/${encodeURIComponent(c.slug)}`)),
    ...products.map((p) => url(`/products/${encodeURIComponent(p.slug)}`, p.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
