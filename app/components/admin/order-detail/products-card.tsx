// 'Produk': the lines as they stand (weighed ones marked), with notes and substitution choices,
// the subtotal, fee and total.
import { WORDS } from "~/lib/vocab/words";
import { Card } from "~/components/admin/card";
import { Thumbnail } from "~/components/admin/thumbnail";
import { OrderTotalAmount } from "~/components/order-total";
import { LineOptionsSummary } from "~/components/cart-line-options";
import { orderFeeText } from "~/lib/delivery";
import { formatRupiah } from "~/lib/money";
import { orderLinePriceText } from "~/lib/orders";
import type { AdminOrderView } from "./types";
import { OrderPromoRows } from "~/components/order-promo";
import { orderTextTotals } from "~/lib/order-text";

export function ProductsCard({ order }: { order: AdminOrderView }) {
  return (
    <Card title="Produk" id="produk">
      <ul className="divide-y divide-stone-100">
        {order.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3">
            <Thumbnail src={item.productImageUrl} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-stone-900">{item.productName}</p>
              <p className="text-sm text-stone-700">
                {orderLinePriceText(item)}{" "}
                {item.soldByWeight ? (
                  <span className="text-stone-500">· Ditimbang</span>
                ) : (
                  <span className="text-stone-500">/ {item.productUnit}</span>
                )}
                {item.discount > 0 ? (
                  <>
                    {" "}
                    <s className="text-xs text-stone-500">{formatRupiah(item.originalPrice)}</s>{" "}
                    <span className="text-xs font-semibold text-red-700">-{item.discount}%</span>
                  </>
                ) : null}
              </p>
              <LineOptionsSummary note={item.note} allowSubstitute={item.allowSubstitute} className="text-sm" />
            </div>
            <p className="shrink-0 font-semibold tabular-nums">{formatRupiah(item.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-700">Subtotal</dt>
          <dd className="tabular-nums">{formatRupiah(orderTextTotals(order).subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">{WORDS.deliveryFee}</dt>
          <dd className="text-right tabular-nums">
            {order.deliveryFee === null ? (
              <span className="text-stone-600">Ditentukan oleh CS via WhatsApp</span>
            ) : (
              orderFeeText({ deliveryFee: orderTextTotals(order).fee })
            )}
          </dd>
        </div>
        <OrderPromoRows order={order} />
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd className="text-right">
            <OrderTotalAmount order={order} testId="staff-order-total" />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
