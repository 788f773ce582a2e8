// The price as the shopper pays it: the discounted price large, the original struck
// through and the discount badge only when there is a discount.
import { displayUnit } from "~/lib/catalog";
import { discountedPrice, formatRupiah, hasDiscount, normalizeDiscount } from "~/lib/money";
import { cn } from "~/lib/utils";
import { WEIGHED_BADGE, WEIGHED_NOTE, WEIGHED_UNIT } from "~/lib/weight";

/** 'Ditimbang' and 'Harga akhir mengikuti berat timbangan': the price per kg is an estimate until weighed. */
export function WeighedBadge({ withNote = true, className }: { withNote?: boolean; className?: string }) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-stone-700", className)}>
      <span className="rounded-md bg-amber-100 px-1.5 py-0.5 font-bold text-amber-900 ring-1 ring-amber-300 ring-inset">
        {WEIGHED_BADGE}
      </span>
      {withNote ? <span>{WEIGHED_NOTE}</span> : null}
    </p>
  );
}

export function DiscountBadge({
  discount,
  variant = "short",
  className,
}: {
  discount: number;
  variant?: "short" | "long";
  className?: string;
}) {
  if (!hasDiscount(discount)) return null;
  const pct = Math.round(normalizeDiscount(discount));
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-md bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white",
        className,
      )}
    >
      {variant === "long" ? `${pct}% OFF` : `-${pct}%`}
    </span>
  );
}

export function PriceBlock({
  price,
  discount,
  unit,
  soldByWeight = false,
  size = "md",
  className,
}: {
  price: number;
  discount: number;
  unit: string;
  /** The price is per kg (sold by weight). */
  soldByWeight?: boolean;
  size?: "md" | "lg";
  className?: string;
}) {
  const paid = discountedPrice(price, discount);
  const discounted = hasDiscount(discount);
  return (
    <div className={cn("min-w-0", className)}>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span
          className={cn("font-extrabold text-brand-800 tabular-nums", size === "lg" ? "text-3xl" : "text-base")}
          data-testid="price"
        >
          {formatRupiah(paid)}
        </span>
        <span className={cn("text-stone-600", size === "lg" ? "text-base" : "text-xs")}>
          / {soldByWeight ? WEIGHED_UNIT : displayUnit(unit)}
        </span>
      </p>
      {discounted ? (
        <p className={cn("flex items-center gap-2", size === "lg" ? "mt-1" : "mt-0.5")}>
          <s
            className={cn("text-stone-500 tabular-nums", size === "lg" ? "text-base" : "text-xs")}
            data-testid="original-price"
          >
            <span className="sr-only">Harga normal </span>
            {formatRupiah(price)}
          </s>
          {size === "lg" ? <DiscountBadge discount={discount} variant="long" /> : null}
        </p>
      ) : null}
    </div>
  );
}
