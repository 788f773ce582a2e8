// The 'Kode Promo' rows of an order's totals (the customer's order page, the staff's page and
// its 'Timbang dan Tagihan', the invoice, the final bill), worded by the one order-text module.
import { orderPromoText, PROMO_KEPT_BELOW_MINIMUM, type OrderAmounts } from "~/lib/order-text";
import type { PromoTerms } from "~/lib/promo";
import { cn } from "~/lib/utils";

export type OrderPromoFields = OrderAmounts & { promoCode?: string | null; promoTerms?: PromoTerms | null };

export function OrderPromoRows({ order, className }: { order: OrderPromoFields; className?: string }) {
  const promo = orderPromoText(order);
  if (!promo) return null;
  return (
    <>
      <div className={cn("flex justify-between gap-4 text-green-800", className)} data-testid="order-promo">
        <dt>{promo.label}</dt>
        <dd className="font-semibold whitespace-nowrap tabular-nums">{promo.amountText}</dd>
      </div>
      {promo.belowMinimum ? (
        <div className="text-xs text-stone-700">
          <dt className="sr-only">Catatan promo</dt>
          <dd data-testid="promo-below-minimum">{PROMO_KEPT_BELOW_MINIMUM}.</dd>
        </div>
      ) : null}
    </>
  );
}
