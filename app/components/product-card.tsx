// A product in a list: photo, name, price paid (original struck through when discounted),
// badges, a quantity and add-to-cart. Sold out ('Stok Habis') cannot be added.
import { WORDS } from "~/lib/vocab/words";
import { useState } from "react";
import { Link } from "react-router";
import { MAX_LINE_QUANTITY } from "~/lib/cart";
import { isInStock, toCartProduct, type ProductSummary } from "~/lib/catalog";
import { amountBounds } from "~/lib/weight";
import { cn } from "~/lib/utils";
import { useCart } from "./cart-provider";
import { DiscountBadge, PriceBlock, WeighedBadge } from "./price-block";
import { ProductImage } from "./product-image";
import { QuantityStepper } from "./quantity-stepper";
import { Button } from "./ui/button";
import { CartIcon } from "./ui/stroke-icons";
import { useToast } from "./ui/toast";

/** Adds to the cart and says so; shared by the card and the product page. */
export function useAddToCart() {
  const cart = useCart();
  const toast = useToast();
  return (product: ProductSummary, quantity: number) => {
    if (!isInStock(product) || quantity < 1) return;
    cart.add(toCartProduct(product), quantity);
    toast({
      title: "Produk Ditambahkan",
      description: `${product.name} telah ditambahkan ke keranjang belanja.`,
      link: { to: "/cart", label: "Lihat Keranjang" },
    });
  };
}

export function ProductCard({
  product,
  priority = false,
  headingLevel = 3,
}: {
  product: ProductSummary;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const bounds = amountBounds(product, product.stock, MAX_LINE_QUANTITY);
  const [quantity, setQuantity] = useState(bounds.min);
  const addToCart = useAddToCart();
  const inStock = isInStock(product);
  const href = `/products/${product.slug}`;
  return (
    <article className="group product-card" data-testid="product-card" aria-label={product.name}>
      <Link to={href} prefetch="intent" discover="none" className="relative block" tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={product.imageUrl}
          alt=""
          size={400}
          sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
          priority={priority}
          className={cn("product-card-image", !inStock && "opacity-60 grayscale")}
        />
        <span className="absolute top-2 left-2 flex flex-col items-start gap-1">
          <DiscountBadge discount={product.discount} />
          {product.featured ? (
            <span className="rounded-md bg-accent-500 px-1.5 py-0.5 text-xs font-bold text-stone-900">
              {WORDS.featured}
            </span>
          ) : null}
        </span>
        {!inStock ? (
          <span className="absolute inset-x-0 bottom-0 bg-stone-900/75 py-1 text-center text-xs font-bold tracking-wide text-white uppercase">
            Stok Habis
          </span>
        ) : null}
      </Link>
      {/* The controls follow the card's own width, not the window's: four cards a row on a
          laptop are narrower than two on a tablet. */}
      <div className="@container flex flex-1 flex-col gap-2 p-3">
        <div className="min-w-0 flex-1">
          {product.categoryName ? <p className="truncate text-xs text-stone-600">{product.categoryName}</p> : null}
          <Heading data-testid="product-name" className="product-card-name">
            <Link to={href} prefetch="intent" discover="none" className="hover:text-brand-800 hover:underline">
              {product.name}
            </Link>
          </Heading>
        </div>
        <PriceBlock
          price={product.price}
          discount={product.discount}
          unit={product.unit}
          soldByWeight={product.soldByWeight}
          className="min-h-10"
        />
        {product.soldByWeight ? <WeighedBadge /> : null}
        {inStock ? (
          // Stacked on a phone's narrow card; side by side from 11rem, the button's word only
          // from 17rem, where a weight ('12,75 kg') still fits between the stepper's buttons.
          <div className="flex flex-col gap-2 @min-[11rem]:flex-row">
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              min={bounds.min}
              max={bounds.max}
              step={bounds.step}
              weight={product.soldByWeight}
              size="sm"
              label={`Jumlah ${product.name}`}
              className="w-full @min-[11rem]:w-auto @min-[11rem]:flex-1"
            />
            {/* One short class (app.css) instead of the button's utility list: twelve cards a page. */}
            <button
              type="button"
              data-slot="button"
              className="btn product-card-add"
              onClick={() => {
                addToCart(product, quantity);
                setQuantity(bounds.min);
              }}
              aria-label={`Tambah ${product.name} ke keranjang`}
            >
              <CartIcon className="h-4 w-4" />
              <span className="@min-[11rem]:hidden @min-[17rem]:inline">Tambah</span>
            </button>
          </div>
        ) : (
          <Button
            variant="secondary"
            disabled
            className="w-full bg-stone-200! text-stone-700! opacity-100!"
            aria-label={`${product.name} stok habis`}
          >
            Stok Habis
          </Button>
        )}
      </div>
    </article>
  );
}
