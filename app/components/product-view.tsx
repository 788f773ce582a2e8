// The product page's body: photo, price, stock, quantity, the cart button, sharing and the favourite mark.
import { useState } from "react";
import { Link } from "react-router";
import { Heart, Share2, ShoppingCart } from "lucide-react";
import { PriceBlock, WeighedBadge } from "~/components/price-block";
import { useAddToCart } from "~/components/product-card";
import { ProductImage } from "~/components/product-image";
import { QuantityStepper } from "~/components/quantity-stepper";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useToast } from "~/components/ui/toast";
import { displayUnit, isInStock, UNCATEGORIZED, type ProductDetail } from "~/lib/catalog";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { amountBounds, formatKg, linePrice, WEIGHED_BADGE } from "~/lib/weight";
import { cn } from "~/lib/utils";
import { useRootData } from "~/root";
import { useFavorite } from "./use-favorite";

const LOW_STOCK = 5;

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

export function ProductView({ product, url }: { product: ProductDetail; url: string }) {
  const { shop } = useRootData();
  const bounds = amountBounds(product, product.stock, MAX_LINE_QUANTITY);
  const [quantity, setQuantity] = useState(bounds.min);
  const [favorite, toggleFavorite] = useFavorite(product.id);
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
              <Button
                variant="outline"
                onClick={toggleFavorite}
                aria-pressed={favorite}
                title="Tersimpan di perangkat ini"
              >
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
