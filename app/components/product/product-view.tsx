// The body of a product page: photo, price, stock, quantity and add-to-cart, favourite and
// share buttons, and the description tabs.
import { WORDS } from "~/lib/vocab/words";
import { useState } from "react";
import { Link } from "react-router";
import { Heart, Share2, ShoppingCart } from "lucide-react";
import { useFavorites } from "~/components/favorites";
import { PriceBlock, WeighedBadge } from "~/components/price-block";
import { useAddToCart } from "~/components/product-card";
import { DeliveryPromise } from "~/components/delivery-promise";
import { ProductImage } from "~/components/product-image";
import { QuantityStepper } from "~/components/quantity-stepper";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { displayUnit, isInStock, UNCATEGORIZED, type ProductDetail } from "~/lib/catalog";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { amountBounds, formatAmount, linePrice } from "~/lib/weight";
import { cn } from "~/lib/utils";
import { copyText } from "./copy-text";
import { AddToOrder } from "./add-to-order";
import { NotifyMe } from "./notify-me";
import { ProductTabs } from "./product-tabs";
import { StockIndicator } from "./stock-indicator";

export function ProductView({ product, url }: { product: ProductDetail; url: string }) {
  const bounds = amountBounds(product, product.stock, MAX_LINE_QUANTITY);
  const [quantity, setQuantity] = useState(bounds.min);
  const favorites = useFavorites();
  const favorite = favorites.isFavorite(product.id);
  const toggleFavorite = async () => {
    const { marked, signedIn } = await favorites.toggle(product.id);
    toast({
      title: marked ? "Ditambahkan ke Favorit" : "Dihapus dari Favorit",
      description: signedIn
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
      <div className="grid gap-6 pb-16 md:grid-cols-2 md:gap-10 md:pb-0">
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
                <span className="rounded-md bg-accent-500 px-2 py-1 text-sm font-bold text-stone-900">
                  {WORDS.featured}
                </span>
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
                {/* At phone size the button rides in a bar above the bottom menu, always in reach;
                    the amount chosen stays chosen after adding. */}
                <div
                  data-testid="add-to-cart-bar"
                  className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-30 flex items-center gap-3 border-t border-stone-200 bg-white/95 px-4 py-2 backdrop-blur md:static md:mt-4 md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none"
                >
                  <span className="min-w-0 shrink-0 text-xs text-stone-700 md:hidden">
                    {formatAmount(quantity, { soldByWeight: product.soldByWeight })}
                    <span className="block text-sm font-bold text-stone-900 tabular-nums">
                      {formatRupiah(linePrice(unitPrice, quantity, product.soldByWeight))}
                    </span>
                  </span>
                  <Button size="lg" className="flex-1 md:w-full" onClick={() => addToCart(product, quantity)}>
                    <ShoppingCart className="h-5 w-5" aria-hidden="true" />
                    Tambah ke Keranjang
                  </Button>
                </div>
                <AddToOrder productId={product.id} quantity={quantity} />
                <DeliveryPromise className="mt-3" />
              </>
            ) : (
              <NotifyMe productId={product.id} productName={product.name} />
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

          <ProductTabs product={product} step={bounds.step} min={bounds.min} unitPrice={unitPrice} />
        </div>
      </div>
    </>
  );
}
