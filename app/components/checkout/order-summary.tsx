// 'Ringkasan Pesanan': the cart's lines at the shop's prices of this moment (weighed lines
// marked 'perkiraan'), the fee of the chosen area, the minimum order and 'Pesan Sekarang'.
import { AlertTriangle, ReceiptText } from "lucide-react";
import { LineOptionsSummary } from "~/components/cart-line-options";
import { OrderItemImage } from "~/components/order-item-image";
import { Button } from "~/components/ui/button";
import { cartTotals, describeLineAmount, lineSubtotal, type CartLine } from "~/lib/cart";
import type { FeeQuote } from "~/lib/delivery";
import { formatRupiah, hasDiscount } from "~/lib/money";
import { WEIGHED_BADGE, WEIGHED_NOTE, formatAmount } from "~/lib/weight";
import { FeeRow, shownFeeValue } from "./delivery-summary";
import { CheckoutSection } from "./section";
import type { ReactNode } from "react";
import { promoLabel, type PromoTerms } from "~/lib/promo";

function SummaryLine({
  line,
  unavailable,
  problem,
}: {
  line: CartLine;
  unavailable: boolean;
  problem: string | undefined;
}) {
  const short = !unavailable && line.product.stock < line.quantity;
  const weighed = line.product.sold_by_weight;
  return (
    <li className="flex gap-3 py-3 first:pt-0">
      <OrderItemImage src={line.product.image_url} alt={line.product.name} className="h-14 w-14" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">{line.product.name}</p>
        <p className="text-sm text-stone-700">
          {describeLineAmount(line)}
          {hasDiscount(line.product.discount) ? (
            <>
              {" "}
              <s className="text-stone-500">{formatRupiah(line.product.price)}</s>
            </>
          ) : null}
          <span className="text-stone-500"> · {weighed ? WEIGHED_BADGE : line.product.unit}</span>
        </p>
        <LineOptionsSummary note={line.note} allowSubstitute={line.allowSubstitute} />
        {problem || unavailable || short ? (
          <p className="mt-1 flex items-start gap-1 text-sm text-red-700">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {problem ??
              (unavailable
                ? "Produk ini sudah tidak tersedia."
                : `Stok tersisa ${formatAmount(line.product.stock, { soldByWeight: weighed })}.`)}
          </p>
        ) : null}
      </div>
      <p className="text-right font-semibold whitespace-nowrap text-stone-900">
        {formatRupiah(lineSubtotal(line))}
        {weighed ? <span className="block text-xs font-normal text-stone-600">perkiraan</span> : null}
      </p>
    </li>
  );
}

export function OrderSummary({
  ready,
  lines,
  freshIds,
  problems,
  refreshing,
  fee,
  belowMinimum,
  linesError,
  busy,
  disabled,
  missing = [],
  promo = null,
  promoField = null,
}: {
  ready: boolean;
  lines: CartLine[];
  freshIds: Set<string> | null;
  problems: Map<string, string>;
  refreshing: boolean;
  fee: FeeQuote | null;
  belowMinimum: string | null;
  linesError: string | undefined;
  busy: boolean;
  disabled: boolean;
  /** What is still missing while 'Pesan Sekarang' is disabled. */
  missing?: string[];
  /** The applied 'Kode Promo' and what it takes off the goods and the fee now. */
  promo?: { code: string; terms: PromoTerms; goods: number; fee: number } | null;
  /** The 'Kode Promo' field with its 'Pakai' button. */
  promoField?: ReactNode;
}) {
  const totals = cartTotals(lines);
  const promoOff = promo ? promo.goods + promo.fee : 0;
  return (
    <CheckoutSection icon={<ReceiptText className="h-5 w-5" aria-hidden="true" />} title="Ringkasan Pesanan">
      {!ready ? (
        <div className="space-y-3" aria-label="Memuat keranjang">
          {[0, 1].map((i) => (
            <div key={i} className="h-14 animate-pulse rounded-lg bg-stone-100" />
          ))}
        </div>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label="Produk yang dipesan">
          {lines.map((line) => (
            <SummaryLine
              key={line.product.id}
              line={line}
              unavailable={freshIds !== null && !freshIds.has(line.product.id)}
              problem={problems.get(line.product.id)}
            />
          ))}
        </ul>
      )}
      {refreshing ? <p className="mt-2 text-xs text-stone-600">Memperbarui harga...</p> : null}
      {promoField}
      <dl className="mt-4 space-y-2 border-t border-stone-200 pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">Subtotal ({totals.lineCount} produk)</dt>
          <dd className="font-semibold">{formatRupiah(totals.totalAmount)}</dd>
        </div>
        <FeeRow quote={fee} />
        {promo ? (
          <div className="flex justify-between gap-4 text-green-800" data-testid="checkout-promo">
            <dt>{promoLabel(promo.code, promo.terms)}</dt>
            <dd className="font-semibold whitespace-nowrap">−{formatRupiah(promoOff)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
          <dt className="font-bold">{totals.hasWeighed ? "Total (perkiraan)" : "Total"}</dt>
          <dd className="font-extrabold text-brand-800" data-testid="checkout-total">
            {formatRupiah(totals.totalAmount + (fee?.kind === "area" ? fee.fee : 0) - promoOff)}
          </dd>
        </div>
      </dl>
      {promo?.terms.kind === "percent" && totals.hasWeighed ? (
        <p className="mt-1 text-xs text-stone-600">*Potongan persen dihitung ulang dari total timbang.</p>
      ) : null}
      <input type="hidden" name="shownFee" value={shownFeeValue(fee)} />
      {fee?.kind === "area" ? null : (
        <p className="mt-2 text-xs text-stone-600">
          {fee ? "*Belum termasuk ongkir: dikonfirmasi CS lewat WhatsApp" : "*Pilih area untuk melihat ongkir"}
        </p>
      )}
      {totals.hasWeighed ? <p className="mt-1 text-xs text-stone-600">*{WEIGHED_NOTE}</p> : null}
      {linesError ? (
        <p className="mt-3 text-sm text-red-700" role="alert">
          {linesError}
        </p>
      ) : null}
      {belowMinimum && ready ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="minimal-belanja">
          {belowMinimum}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="mt-5 w-full"
        disabled={disabled}
        aria-describedby={missing.length > 0 ? "pesan-belum-lengkap" : undefined}
      >
        {busy ? "Memproses..." : "Pesan Sekarang"}
      </Button>
      {missing.length > 0 ? (
        <p id="pesan-belum-lengkap" className="mt-2 text-sm text-stone-700" data-testid="checkout-missing">
          Lengkapi dulu: {missing.join(", ")}.
        </p>
      ) : null}
    </CheckoutSection>
  );
}
