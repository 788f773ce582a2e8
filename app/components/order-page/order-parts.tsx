// The parts of the customer's order page: a titled card, a label/value row, and the list of
// products with the subtotal, fee and total.
import { OrderPromoRows, type OrderPromoFields } from "~/components/order-promo";
import { orderTextTotals } from "~/lib/order-text";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Package } from "lucide-react";
import { LineOptionsSummary } from "~/components/cart-line-options";
import { OrderItemImage } from "~/components/order-item-image";
import { orderFeeText } from "~/lib/delivery";
import { formatRupiah } from "~/lib/money";
import { orderTotalSummary } from "~/lib/order-text";
import { orderLinePriceText, orderLineTotal } from "~/lib/orders";

export function OrderCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <h2 className="mb-3 flex items-center gap-2 font-bold text-stone-900">
        <span className="text-brand-700">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function OrderRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-sm font-medium text-stone-900 sm:text-right">{children}</dd>
    </div>
  );
}

type Item = {
  id: string;
  productSlug: string | null;
  productName: string;
  productUnit: string;
  productImageUrl: string | null;
  quantity: number;
  price: number;
  soldByWeight: boolean;
  originalPrice: number;
  discount: number;
  note: string;
  allowSubstitute: boolean;
};

export function OrderItemsCard({
  order,
  billFinal,
}: {
  order: {
    items: Item[];
    totalAmount: number;
    deliveryFee: number | null;
    deliveryFeeSource: string | null;
    deliveryAreaName: string | null;
    areaFee: number | null;
  } & OrderPromoFields;
  billFinal: boolean;
}) {
  const feeSet = order.deliveryFee !== null;
  const amounts = orderTextTotals(order);
  const total = orderTotalSummary({ ...order, billFinal });
  return (
    <OrderCard icon={<Package className="h-5 w-5" aria-hidden="true" />} title={`Produk (${order.items.length})`}>
      <ul className="divide-y divide-stone-100">
        {order.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3 first:pt-0">
            <OrderItemImage src={item.productImageUrl} alt={item.productName} className="h-16 w-16" />
            <div className="min-w-0 flex-1">
              {item.productSlug ? (
                <Link
                  to={`/products/${item.productSlug}`}
                  className="font-semibold text-stone-900 hover:text-brand-800 hover:underline"
                >
                  {item.productName}
                </Link>
              ) : (
                <p className="font-semibold text-stone-900">{item.productName}</p>
              )}
              <p className="text-sm text-stone-700">
                {orderLinePriceText(item)}
                {item.discount > 0 ? (
                  <>
                    {" "}
                    <s className="text-stone-500">{formatRupiah(item.originalPrice)}</s>{" "}
                    <span className="font-semibold text-red-700">-{item.discount}%</span>
                  </>
                ) : null}
              </p>
              <p className="text-xs text-stone-500">{item.soldByWeight ? "Ditimbang" : item.productUnit}</p>
              <LineOptionsSummary note={item.note} allowSubstitute={item.allowSubstitute} />
            </div>
            <p className="font-semibold whitespace-nowrap text-stone-900">{formatRupiah(orderLineTotal(item))}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">Subtotal</dt>
          <dd className="font-semibold">{formatRupiah(amounts.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">
            Ongkir
            {order.deliveryAreaName ? (
              <span className="block text-xs text-stone-600">{order.deliveryAreaName}</span>
            ) : null}
          </dt>
          <dd className={feeSet ? "font-semibold" : "font-semibold text-brand-800"} data-testid="delivery-fee">
            {orderFeeText({ deliveryFee: amounts.fee })}
          </dd>
        </div>
        <OrderPromoRows order={order} />
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
          <dt className="font-bold">{total.label}</dt>
          <dd className="font-extrabold text-brand-800" data-testid="order-total">
            {formatRupiah(total.amount)}
          </dd>
        </div>
      </dl>
      {!feeSet ? <p className="mt-2 text-xs text-stone-600">*Belum termasuk ongkir</p> : null}
      {!billFinal ? (
        <p className="mt-1 text-xs text-stone-600">
          Produk timbang dihitung dari berat sebenarnya saat dikemas; totalnya final setelah Tagihan Final.
        </p>
      ) : null}
    </OrderCard>
  );
}
