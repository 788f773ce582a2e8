// /products/:slug: one product with price, stock, quantity, share, tabs and related products.
// An unknown or hidden product is a 404 with the spec's not-found view.
import { useEffect, useRef } from "react";
import { data, isRouteErrorResponse, Link, useLocation, useNavigationType, useRouteError } from "react-router";
import { ChevronRight, PackageX } from "lucide-react";
import { BackButton } from "~/components/back-button";
import { JsonLd } from "~/components/json-ld";
import { ProductGrid } from "~/components/product-grid";
import { buttonClass } from "~/components/ui/button";
import { displayUnit, isInStock, PLACEHOLDER_IMAGE, type ProductDetail } from "~/lib/catalog";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { absoluteUrl, metaDescription, pageTitle, shopNameFrom } from "~/lib/seo";
import { useRootData } from "~/root";
import { getProductBySlug, getRelatedProducts } from "~/server/catalog.server";
import { config } from "~/server/config.server";
import { z } from "zod";
import type { Route } from "./+types/products.$slug";
import { dbOf } from "~/server/request-context.server";
import { ProductView } from "~/components/product-view";

const slugSchema = z.string().trim().min(1).max(200);

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const db = await dbOf(context);
  const product = slug.success ? await getProductBySlug(db, slug.data) : null;
  if (!product) throw data("Produk Tidak Ditemukan", { status: 404 });
  const related = await getRelatedProducts(db, product);
  const appUrl = config().appUrl;
  return {
    product,
    related,
    url: absoluteUrl(appUrl, `/products/${encodeURIComponent(product.slug)}`),
    imageUrl: absoluteUrl(appUrl, product.imageUrl || PLACEHOLDER_IMAGE),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded, error, matches }) => {
  const shop = shopNameFrom(matches);
  if (!loaded) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: pageTitle(notFound ? "Produk Tidak Ditemukan" : "Gagal Memuat Data", shop) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { product, url, imageUrl } = loaded;
  const price = discountedPrice(product.price, product.discount);
  const title = pageTitle(product.name, shop);
  const priceText = `${formatRupiah(price)} / ${displayUnit(product.unit)}`;
  const description = metaDescription(
    `${product.name} ${priceText}${isInStock(product) ? "" : " (stok habis)"}. ${product.description}`,
  );
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: shop },
    { property: "og:locale", content: "id_ID" },
    { property: "og:title", content: `${product.name} - ${priceText}` },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: product.name },
    { property: "product:price:amount", content: String(price) },
    { property: "product:price:currency", content: "IDR" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: `${product.name} - ${priceText}` },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
};

function productJsonLd(product: ProductDetail, url: string, imageUrl: string, shop: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description || product.name,
    image: [imageUrl],
    sku: product.id,
    url,
    category: product.categoryName ?? undefined,
    brand: { "@type": "Brand", name: shop },
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "IDR",
      price: String(discountedPrice(product.price, product.discount)),
      availability: isInStock(product) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: shop },
    },
  };
}

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
      <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-1 text-sm text-stone-700">
        <BackButton fallback="/products" />
        <span className="mx-1 h-5 w-px bg-stone-300" aria-hidden="true" />
        <ol className="flex min-w-0 items-center gap-1">
          <li>
            <Link to="/products" className="hover:text-brand-800 hover:underline">
              Produk
            </Link>
          </li>
          {product.categorySlug ? (
            <li className="flex items-center gap-1">
              <ChevronRight className="h-4 w-4 shrink-0 text-stone-400" aria-hidden="true" />
              <Link
                to={`/category/${product.categorySlug}`}
                className="whitespace-nowrap hover:text-brand-800 hover:underline"
              >
                {product.categoryName}
              </Link>
            </li>
          ) : null}
          <li className="flex min-w-0 items-center gap-1">
            <ChevronRight className="h-4 w-4 shrink-0 text-stone-400" aria-hidden="true" />
            <span aria-current="page" className="truncate font-semibold text-stone-900">
              {product.name}
            </span>
          </li>
        </ol>
      </nav>

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
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
        <PackageX className="h-14 w-14 text-stone-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-extrabold text-stone-900">Produk Tidak Ditemukan</h1>
        <p className="mt-2 text-stone-700">Maaf, produk yang Anda cari tidak tersedia atau telah dihapus</p>
        <Link to="/products" className={buttonClass({ className: "mt-6" })}>
          Kembali ke Produk
        </Link>
      </div>
    );
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
