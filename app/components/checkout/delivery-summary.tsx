// The 'Ongkir' row of an order summary and the total that includes it: the area's fee,
// 'Gratis' from its threshold, or 'Ditentukan oleh CS' outside the areas.
import { feeText, quoteDeliveryFee, type FeeQuote } from "~/lib/delivery";
import type { DeliveryArea } from "~/lib/delivery-settings";
import { OUTSIDE_AREA } from "~/lib/vocab/delivery-areas";

/** The fee the summary shows for an area id ("" while none is chosen: null). */
export function previewFee(areas: readonly DeliveryArea[], areaId: string, subtotal: number): FeeQuote | null {
  if (areaId === "") return null;
  if (areaId === OUTSIDE_AREA) return { kind: "outside" };
  const area = areas.find((a) => a.id === areaId);
  return area ? quoteDeliveryFee(area, subtotal) : null;
}

/** What the hidden `shownFee` field carries: the amount, "cs", or nothing while unknown. */
export function shownFeeValue(quote: FeeQuote | null): string {
  if (!quote) return "";
  return quote.kind === "area" ? String(quote.fee) : "cs";
}

export function FeeRow({ quote }: { quote: FeeQuote | null }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-stone-700">
        Ongkir
        {quote?.kind === "area" ? <span className="block text-xs text-stone-600">{quote.areaName}</span> : null}
      </dt>
      <dd className="text-right font-semibold text-brand-800" data-testid="ongkir">
        {quote ? feeText(quote) : "Pilih area"}
      </dd>
    </div>
  );
}
