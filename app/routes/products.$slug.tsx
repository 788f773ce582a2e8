// /products/:slug: one product with price, stock, quantity, share, tabs and related products.
// An unknown or hidden product is a 404 with the shop's not-found view. The page's parts live
// in app/components/product/.
import { useEffect, useRef } from "react";
import { data, isRouteErrorResponse, useLocation, useNavigationType, useRouteError } from "react-router";
import { z } from "zod";
import { JsonLd } from "~/components/json-ld";
import { ProductBreadcrumb } from "~/components/product/product-breadcrumb";
import { ProductNotFound } from "~/components/product/product-not-found";
import { ProductView } from "~/components/product/product-view";
import { ProductGrid } from "~/components/product-grid";
import { buttonClass } from "~/components/ui/button";
import { PLACEHOLDER_IMAGE } from "~/lib/catalog";
import { PRODUCT_NOT_FOUND_TITLE, productJsonLd, productMeta } from "~/lib/product-seo";
import { absoluteUrl, shopNameFrom } from "~/lib/seo";
import { useRootData } from "~/components/root-data";
import { getProductBySlug, getRelatedProducts } from "~/server/catalog/public.server";
import { config } from "~/server/config.server";
import type { Route } from "./+types/products.$slug";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

const slugSchema = z.string().trim().min(1).max(200);

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const db = await dbOf(context);
  const product = slug.success ? await getProductBySlug(db, slug.data) : null;
  if (!product) throw data(PRODUCT_NOT_FOUND_TITLE, { status: 404 });
  const related = await getRelatedProducts(db, product);
  const appUrl = config().appUrl;
  return {
    product,
    related,
    url: absoluteUrl(appUrl, `/products/${encodeURIComponent(product.slug)}`),
    imageUrl: absoluteUrl(appUrl, product.imageUrl || PLACEHOLDER_IMAGE),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded, error, matches }) =>
  productMeta(loaded, shopNameFrom(matches), isRouteErrorResponse(error) && error.status === 404);

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, url, imageUrl } = loaderData;
  const { shop } = useRootData();
  const navigationType = useNavigationType();
  const shownSlug = useRef(product.slug);

  useEffect(() => {
    if (shownSlug.current === product.slug) return;
    shownSlug.current = product.slug;
    // Back/forward restores the old position; moving to another product starts at the top.
    if (navigationType !== "POP") window.scrollTo({ top: 0 });
  }, [product.slug, navigationType]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-4 md:py-6">
      <JsonLd data={productJsonLd(product, url, imageUrl, shop.name)} />
      <ProductBreadcrumb product={product} />

      <div className="mt-3">
        {/* A new product starts afresh: quantity back to its minimum. */}
        <ProductView key={product.slug} product={product} url={url} />
      </div>

      {related.length > 0 ? (
        <section className="mt-12" aria-labelledby="related-heading">
          <h2 id="related-heading" className="text-xl font-extrabold text-stone-900">
            Produk Terkait
          </h2>
          <ProductGrid products={related} className="mt-4" />
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ProductNotFound />;
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-extrabold text-stone-900">Gagal Memuat Data</h1>
      <p className="mt-2 text-stone-700">Terjadi kesalahan saat memuat detail produk. Silakan coba lagi.</p>
      <a href={`${location.pathname}${location.search}`} className={buttonClass({ className: "mt-6" })}>
        Coba Lagi
      </a>
    </div>
  );
}
