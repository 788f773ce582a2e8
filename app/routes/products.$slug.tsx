// /products/:slug: one product with price, stock, quantity, share, tabs and related products.
// An unknown or hidden product is a 404 with the shop's not-found view.
import { useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link, useLocation, useNavigationType, useRouteError } from "react-router";
import { ChevronRight, Heart, PackageX, Share2, ShoppingCart } from "lucide-react";
import { z } from "zod";
import { BackButton } from "~/components/back-button";
import { useFavorites } from "~/components/favorites";
import { JsonLd } from "~/components/json-ld";
import { PriceBlock, WeighedBadge } from "~/components/price-block";
import { useAddToCart } from "~/components/product-card";
import { DeliveryPromise } from "~/components/delivery-promise";
import { ProductGrid } from "~/components/product-grid";
import { ProductImage } from "~/components/product-image";
import { QuantityStepper } from "~/components/quantity-stepper";
import { Button, buttonClass } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useToast } from "~/components/ui/toast";
import { displayUnit, isInStock, PLACEHOLDER_IMAGE, UNCATEGORIZED, type ProductDetail } from "~/lib/catalog";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { amountBounds, formatKg, linePrice, WEIGHED_BADGE } from "~/lib/weight";
import { absoluteUrl, metaDescription, pageTitle, shopNameFrom } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { useRootData } from "~/root";
import { getProductBySlug, getRelatedProducts } from "~/server/catalog.server";
import { config } from "~/server/config.server";
import type { Route } from "./+types/products.$slug";
import { dbOf } from "~/server/request-context.server";

const slugSchema = z.string().trim().min(1).max(200);
const LOW_STOCK = 5;

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

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and non-secure pages: the selection way.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

function StockIndicator({ stock, soldByWeight }: { stock: number; soldByWeight: boolean }) {
  if (stock <= 0) {
    return (
      <p className="inline-flex items-center gap-2 text-sm font-semibold text-red-800" data-testid="stock">
        <span className="h-2.5 w-2.5 rounded-full bg-red-600" aria-hidden="true" />
        Stok Habis
      </p>
    );
  }
  // Produce sold by weight keeps its stock in grams: low is under LOW_STOCK kilograms.
  const low = soldByWeight ? stock <= LOW_STOCK * 1000 : stock <= LOW_STOCK;
  const shown = soldByWeight ? formatKg(stock) : String(stock);
  return (
    <p
      className={cn("inline-flex items-center gap-2 text-sm font-semibold", low ? "text-amber-800" : "text-brand-800")}
      data-testid="stock"
    >
      <span className={cn("h-2.5 w-2.5 rounded-full", low ? "bg-amber-500" : "bg-brand-600")} aria-hidden="true" />
      {low ? `Stok terbatas: sisa ${shown}` : `Stok tersedia: ${shown}`}
    </p>
  );
}

function ProductView({ product, url }: { product: ProductDetail; url: string }) {
  const { shop } = useRootData();
  const bounds = amountBounds(product, product.stock, MAX_LINE_QUANTITY);
  const [quantity, setQuantity] = useState(bounds.min);
  const favorites = useFavorites();
  const favorite = favorites.isFavorite(product.id);
  const toggleFavorite = async () => {
    const marked = await favorites.toggle(product.id);
    toast({
      title: marked ? "Ditambahkan ke Favorit" : "Dihapus dari Favorit",
      description: favorites.signedIn
        ? `${product.name} ${marked ? "tersimpan di" : "dihapus dari"} Favorit Saya.`
        : `${product.name} ${marked ? "tersimpan di perangkat ini" : "dihapus dari perangkat ini"}. Masuk untuk menyimpannya ke akun.`,
    });
  };
  const addToCart = useAddToCart();
  const toast = useToast();
  const inStock = isInStock(product);
  const unitPrice = discountedPrice(product.price, product.discount);

  const share = async () => {
    const link =
      typeof window !== "undefined" ? `${window.location.origin}/products/${encodeURIComponent(product.slug)}` : url;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({
          title: product.name,
          text: `${product.name} - ${formatRupiah(unitPrice)} / ${displayUnit(product.unit)}`,
          url: link,
        });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    if (await copyText(link)) toast({ title: "URL Disalin", description: "URL produk telah disalin ke clipboard." });
    else toast({ title: "Gagal Menyalin", description: `Salin alamat ini secara manual: ${link}` });
  };

  return (
    <>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="md:sticky md:top-24 md:self-start">
          <div className="relative overflow-hidden rounded-2xl border border-stone-200 bg-white">
            <ProductImage
              src={product.imageUrl}
              alt={product.name}
              size={600}
              sizes="(min-width: 768px) 50vw, 100vw"
              priority
              className={cn(!inStock && "opacity-70 grayscale")}
            />
            <span className="absolute top-3 left-3 flex flex-col items-start gap-1">
              {product.featured ? (
                <span className="rounded-md bg-accent-500 px-2 py-1 text-sm font-bold text-stone-900">Featured</span>
              ) : null}
            </span>
          </div>
        </div>

        <div className="min-w-0">
          {product.categorySlug ? (
            <Link
              to={`/category/${product.categorySlug}`}
              className="inline-flex min-h-8 items-center rounded-full bg-brand-100 px-3 text-xs font-bold text-brand-900 hover:bg-brand-200"
            >
              {product.categoryName}
            </Link>
          ) : (
            <span className="inline-flex min-h-8 items-center rounded-full bg-stone-200 px-3 text-xs font-bold text-stone-800">
              {UNCATEGORIZED}
            </span>
          )}
          <h1 className="mt-2 text-2xl leading-tight font-extrabold text-stone-900 md:text-3xl">{product.name}</h1>

          <PriceBlock
            price={product.price}
            discount={product.discount}
            unit={product.unit}
            soldByWeight={product.soldByWeight}
            size="lg"
            className="mt-3"
          />
          {product.soldByWeight ? <WeighedBadge className="mt-2 text-sm" /> : null}
          <div className="mt-3">
            <StockIndicator stock={inStock ? product.stock : 0} soldByWeight={product.soldByWeight} />
          </div>

          <div className="mt-5 rounded-2xl border border-stone-200 bg-white p-4">
            {inStock ? (
              <>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <span className="text-sm font-semibold text-stone-800">Jumlah</span>
                  <QuantityStepper
                    value={quantity}
                    onChange={setQuantity}
                    min={bounds.min}
                    max={bounds.max}
                    step={bounds.step}
                    weight={product.soldByWeight}
                    label={`Jumlah ${product.name}`}
                    className="w-44"
                  />
                </div>
                <p className="mt-3 flex justify-between text-sm text-stone-700">
                  {product.soldByWeight ? "Subtotal (perkiraan)" : "Subtotal"}{" "}
                  <span className="font-bold text-stone-900 tabular-nums">
                    {formatRupiah(linePrice(unitPrice, quantity, product.soldByWeight))}
                  </span>
                </p>
                <Button
                  size="lg"
                  className="mt-4 w-full"
                  onClick={() => {
                    addToCart(product, quantity);
                    setQuantity(bounds.min);
                  }}
                >
                  <ShoppingCart className="h-5 w-5" aria-hidden="true" />
                  Tambah ke Keranjang
                </Button>
                <DeliveryPromise className="mt-3" />
              </>
            ) : (
              <>
                <p className="text-sm text-stone-700">
                  Produk ini sedang habis. Silakan cek kembali nanti atau pilih produk lain.
                </p>
                <Button size="lg" className="mt-4 w-full bg-stone-200! text-stone-700! opacity-100!" disabled>
                  Stok Habis
                </Button>
              </>
            )}
            <div className="mt-3 grid grid-cols-2 gap-3">
              <Button variant="outline" onClick={() => void toggleFavorite()} aria-pressed={favorite}>
                <Heart className={cn("h-5 w-5", favorite && "fill-red-600 text-red-600")} aria-hidden="true" />
                Favorit
              </Button>
              <Button variant="outline" onClick={share}>
                <Share2 className="h-5 w-5" aria-hidden="true" />
                Bagikan
              </Button>
            </div>
          </div>

          <Tabs defaultValue="deskripsi" className="mt-6">
            <TabsList className="grid w-full grid-cols-3">
              <TabsTrigger value="deskripsi">Deskripsi</TabsTrigger>
              <TabsTrigger value="informasi">Informasi</TabsTrigger>
              <TabsTrigger value="pengiriman">Pengiriman</TabsTrigger>
            </TabsList>
            <TabsContent value="deskripsi" className="text-base leading-relaxed whitespace-pre-line text-stone-800">
              {product.description || "Belum ada deskripsi untuk produk ini."}
            </TabsContent>
            <TabsContent value="informasi">
              <dl className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white text-sm">
                {[
                  ["Kategori", product.categoryName ?? UNCATEGORIZED],
                  [
                    "Satuan",
                    product.soldByWeight
                      ? `${WEIGHED_BADGE}, kelipatan ${formatKg(bounds.step)}, minimal ${formatKg(bounds.min)}`
                      : displayUnit(product.unit),
                  ],
                  ["Harga", `${formatRupiah(unitPrice)} / ${displayUnit(product.unit)}`],
                  [
                    "Stok",
                    inStock ? (product.soldByWeight ? formatKg(product.stock) : String(product.stock)) : "Stok Habis",
                  ],
                  ["Asal", "Petani dan pemasok sekitar Jember"],
                ].map(([term, value]) => (
                  <div key={term} className="flex justify-between gap-4 px-4 py-3">
                    <dt className="text-stone-600">{term}</dt>
                    <dd className="text-right font-semibold text-stone-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </TabsContent>
            <TabsContent value="pengiriman" className="space-y-3 text-base leading-relaxed text-stone-800">
              <p>
                Pesanan diantar keesokan hari setelah pemesanan ke {shop.deliveryArea}. Pilih waktu pengiriman saat
                checkout: pagi (05:00 - 07:00) atau sore (16:00 - 18:00).
              </p>
              <p>
                Biaya pengiriman dikonfirmasi oleh CS kami melalui WhatsApp setelah pesanan masuk, bersama konfirmasi
                pembayaran.
              </p>
            </TabsContent>
          </Tabs>
        </div>
      </div>
    </>
  );
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
