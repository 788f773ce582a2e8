// /cart: the lines kept in this browser, refreshed with today's prices and stock from the
// server, and the order summary. Unit prices are the discounted prices everywhere.
import { WORDS } from "~/lib/vocab/words";
import { lazy, Suspense, useMemo, useState } from "react";
import { Link } from "react-router";
import { AlertTriangle, ShoppingBag, Trash2 } from "lucide-react";
import { BackButton } from "~/components/back-button";
import { useCart } from "~/components/cart-provider";
import { useFreshCart } from "~/components/fresh-cart";
import { ProductImage } from "~/components/product-image";
import { QuantityStepper } from "~/components/quantity-stepper";
import { CartLineSkeleton } from "~/components/skeletons";
import { Button, buttonClass } from "~/components/ui/button";
import { cartWeightRules, lineSubtotal, lineUnitPrice, MAX_LINE_QUANTITY, type CartLine } from "~/lib/cart";
import { displayUnit } from "~/lib/catalog";
import { formatRupiah, hasDiscount } from "~/lib/money";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import { cn } from "~/lib/utils";
import { amountBounds, effectiveRules, formatKg, WEIGHED_NOTE, WEIGHED_UNIT } from "~/lib/weight";
import { WeighedBadge } from "~/components/price-block";
import { DeliveryPromiseText, useDeliveryInfo } from "~/components/delivery-promise";
import { minimumOrderMessage } from "~/lib/minimum-order";
import { CartLineOptions } from "~/components/cart-line-options";
import { useRootData } from "~/components/root-data";
import type { Route } from "./+types/cart";
import { routePolicy } from "~/server/route-policy.server";

// The notice after removing lines is the only dialog here: its code (Radix Dialog, focus trap,
// scroll lock) is fetched when the first notice opens, not with the page.
const NotifyDialog = lazy(() => import("~/components/ui/dialog").then((m) => ({ default: m.NotifyDialog })));

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Keranjang Belanja", shopNameFrom(matches)) },
  { name: "description", content: "Keranjang belanja Anda: periksa produk, jumlah dan total sebelum checkout." },
  { name: "robots", content: "noindex" },
];

type Freshness = {
  /** Category names by product id, from the server. */
  categories: Map<string, string | null>;
  /** Products in the cart the shop no longer sells. */
  unavailable: Set<string>;
};

/** Whether a notice was ever open on this page: true from the first one on. */
function useNoticeShown(open: boolean): boolean {
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  return shown || open;
}

/** Today's data of the cart's products (put into the cart), as category names and the ones gone. */
function useFreshness(): Freshness | null {
  const { products, asked } = useFreshCart();
  return useMemo(() => {
    if (!products) return null;
    const byId = new Map(products.map((p) => [p.id, p]));
    return {
      categories: new Map(products.map((p) => [p.id, p.category])),
      unavailable: new Set(asked.filter((id) => !byId.has(id))),
    };
  }, [products, asked]);
}

function lineProblem(line: CartLine, freshness: Freshness | null): string | null {
  if (freshness?.unavailable.has(line.product.id))
    return "Produk ini sudah tidak tersedia. Hapus dari keranjang untuk melanjutkan.";
  if (line.product.sold_by_weight) {
    if (line.product.stock < effectiveRules(cartWeightRules(line.product)).min)
      return "Stok Habis. Hapus dari keranjang untuk melanjutkan.";
    if (line.quantity > line.product.stock)
      return `Stok tersisa ${formatKg(line.product.stock)}. Kurangi beratnya untuk melanjutkan.`;
    return null;
  }
  if (line.product.stock <= 0) return "Stok Habis. Hapus dari keranjang untuk melanjutkan.";
  if (line.quantity > line.product.stock)
    return `Stok tersisa ${line.product.stock}. Kurangi jumlahnya untuk melanjutkan.`;
  return null;
}

function CartLineItem({
  line,
  category,
  problem,
  onRemove,
}: {
  line: CartLine;
  category: string | null | undefined;
  problem: string | null;
  onRemove: () => void;
}) {
  const { setQuantity, setOptions } = useCart();
  const { product } = line;
  const href = `/products/${product.slug}`;
  const weighed = product.sold_by_weight;
  const bounds = amountBounds(cartWeightRules(product), product.stock, MAX_LINE_QUANTITY);
  return (
    <li
      className={cn(
        "rounded-2xl border bg-white p-3 shadow-sm sm:p-4",
        problem ? "border-amber-300" : "border-stone-200",
      )}
      data-testid="cart-line"
    >
      <div className="flex gap-3 sm:gap-4">
        <Link
          to={href}
          className="block h-20 w-20 shrink-0 overflow-hidden rounded-xl border border-stone-100 sm:h-24 sm:w-24"
          tabIndex={-1}
          aria-hidden="true"
        >
          <ProductImage src={product.image_url} alt="" size={96} />
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="font-semibold text-stone-900">
                <Link to={href} className="hover:text-brand-800 hover:underline">
                  {product.name}
                </Link>
              </h2>
              <p className="h-5 truncate text-xs text-stone-600">
                {category === undefined ? "" : (category ?? "Uncategorized")}
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="-mt-2 -mr-2 text-red-700! hover:bg-red-50!"
              onClick={onRemove}
              aria-label={`Hapus ${product.name}`}
            >
              <Trash2 className="h-5 w-5" aria-hidden="true" />
            </Button>
          </div>
          <p className="mt-1 text-sm text-stone-800">
            <span className="font-bold text-brand-800 tabular-nums" data-testid="unit-price">
              {formatRupiah(lineUnitPrice(line))}
            </span>{" "}
            <span className="text-stone-600">/ {weighed ? WEIGHED_UNIT : displayUnit(product.unit)}</span>
            {hasDiscount(product.discount) ? (
              <s className="ml-2 text-xs text-stone-500 tabular-nums">
                <span className="sr-only">Harga normal </span>
                {formatRupiah(product.price)}
              </s>
            ) : null}
          </p>
          {weighed ? <WeighedBadge withNote={false} className="mt-1" /> : null}
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        <QuantityStepper
          value={line.quantity}
          onChange={(q) => setQuantity(product.id, q)}
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          weight={weighed}
          size="sm"
          label={`Jumlah ${product.name}`}
          className={weighed ? "w-44" : "w-36"}
        />
        <p className="text-right">
          <span className="block text-xs text-stone-600">{weighed ? "Subtotal (perkiraan)" : "Subtotal"}</span>
          <span className="font-bold text-stone-900 tabular-nums" data-testid="line-subtotal">
            {formatRupiah(lineSubtotal(line))}
          </span>
        </p>
      </div>
      <CartLineOptions
        productName={product.name}
        note={line.note ?? ""}
        allowSubstitute={line.allowSubstitute === true}
        onChange={(options) => setOptions(product.id, options)}
      />
      {problem ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900" role="status">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {problem}
        </p>
      ) : null}
    </li>
  );
}

function OrderSummary({ blocked: productsBlocked }: { blocked: boolean }) {
  const { totalAmount, lineCount, hasWeighed, lines } = useCart();
  const { user } = useRootData();
  const delivery = useDeliveryInfo();
  const belowMinimum = delivery ? minimumOrderMessage(totalAmount, delivery.minimumOrder) : null;
  const blocked = productsBlocked || belowMinimum !== null;
  // The disabled button names why it is disabled: screen readers read these with it.
  const reasons = [productsBlocked ? "checkout-terhalang" : null, belowMinimum ? "minimal-belanja" : null]
    .filter(Boolean)
    .join(" ");
  return (
    <section
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm lg:sticky lg:top-24"
      aria-labelledby="ringkasan-heading"
    >
      <h2 id="ringkasan-heading" className="text-lg font-extrabold text-stone-900">
        Ringkasan Order
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-stone-700">Total Harga ({lineCount} produk)</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{formatRupiah(totalAmount)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-stone-700">{WORDS.deliveryFee}</dt>
          <dd className="font-semibold text-stone-900">Dihitung saat checkout</dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-3">
          <dt className="font-bold text-stone-900">Total Produk</dt>
          <dd className="text-xl font-extrabold text-brand-800 tabular-nums" data-testid="cart-total">
            {formatRupiah(totalAmount)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-stone-600">*Belum termasuk biaya pengiriman</p>
      {hasWeighed ? <p className="mt-1 text-xs text-stone-600">*{WEIGHED_NOTE}</p> : null}
      <DeliveryPromiseText info={delivery} className="mt-4 rounded-lg bg-brand-50 px-3 py-2" />
      {productsBlocked ? (
        <p id="checkout-terhalang" className="mt-4 text-sm text-amber-900" role="status">
          Beberapa produk perlu disesuaikan sebelum checkout.
        </p>
      ) : null}
      {belowMinimum ? (
        <p
          id="minimal-belanja"
          className="mt-4 text-sm font-semibold text-amber-900"
          role="status"
          data-testid="minimal-belanja"
        >
          {belowMinimum}
        </p>
      ) : null}
      {blocked ? (
        <Button size="lg" className="mt-4 w-full" disabled aria-describedby={reasons || undefined}>
          {WORDS.toCheckout}
        </Button>
      ) : (
        <Link to="/checkout" className={buttonClass({ size: "lg", className: "mt-4 w-full" })}>
          {WORDS.toCheckout}
        </Link>
      )}
      {user ? null : (
        <p className="mt-2 text-sm text-stone-700">
          Belum punya akun? Buat langsung saat memesan, tanpa formulir lain.
        </p>
      )}
      {user && lines.length > 0 ? (
        <Link
          to={`/langganan/baru?produk=${lines.map((l) => `${l.product.id}:${l.quantity}`).join(",")}`}
          className={buttonClass({ variant: "outline", className: "mt-3 w-full" })}
        >
          Jadikan Langganan
        </Link>
      ) : null}
    </section>
  );
}

export default function CartPage() {
  const cart = useCart();
  const freshness = useFreshness();
  const [notice, setNotice] = useState<{ title: string; description: string } | null>(null);
  // Kept mounted once shown, so closing it returns focus the way Radix does.
  const noticeShown = useNoticeShown(notice !== null);
  const problems = cart.lines.map((line) => lineProblem(line, freshness));
  const blocked = problems.some(Boolean);

  return (
    <div className="mx-auto max-w-6xl px-4 py-4 md:py-6">
      <BackButton fallback="/products" />
      <h1 className="mt-2 text-2xl font-extrabold text-stone-900 md:text-3xl">Keranjang Belanja</h1>

      {!cart.ready ? (
        <div className="mt-4 space-y-3" role="status" aria-label="Memuat keranjang...">
          <CartLineSkeleton />
          <CartLineSkeleton />
        </div>
      ) : cart.lines.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
          <ShoppingBag className="h-14 w-14 text-stone-400" aria-hidden="true" />
          <h2 className="mt-4 text-xl font-bold text-stone-900">Keranjang Anda Kosong</h2>
          <p className="mt-1 max-w-sm text-sm text-stone-700">
            Yuk, pilih sayur dan bahan dapur segar dari petani Jember.
          </p>
          <Link to="/products" className={buttonClass({ size: "lg", className: "mt-6" })}>
            Mulai Belanja
          </Link>
        </div>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          <div>
            <ul className="space-y-3" aria-label="Produk di keranjang">
              {cart.lines.map((line, i) => (
                <CartLineItem
                  key={line.product.id}
                  line={line}
                  category={
                    freshness?.categories.has(line.product.id)
                      ? (freshness.categories.get(line.product.id) ?? null)
                      : undefined
                  }
                  problem={problems[i]}
                  onRemove={() => {
                    cart.remove(line.product.id);
                    setNotice({
                      title: "Item Dihapus",
                      description: `${line.product.name} telah dihapus dari keranjang.`,
                    });
                  }}
                />
              ))}
            </ul>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <Link to="/products" className={buttonClass({ variant: "outline" })}>
                Lanjut Belanja
              </Link>
              <Button
                variant="ghost"
                className="text-red-700! hover:bg-red-50!"
                onClick={() => {
                  cart.clear();
                  setNotice({
                    title: "Keranjang Dikosongkan",
                    description: "Semua item telah dihapus dari keranjang.",
                  });
                }}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Hapus Semua
              </Button>
            </div>
          </div>
          <OrderSummary blocked={blocked} />
        </div>
      )}

      {noticeShown && (
        <Suspense fallback={null}>
          <NotifyDialog
            open={notice !== null}
            onOpenChange={(open) => !open && setNotice(null)}
            title={notice?.title ?? ""}
            description={notice?.description}
          />
        </Suspense>
      )}
    </div>
  );
}
