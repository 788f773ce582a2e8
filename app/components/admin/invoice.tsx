// One printable invoice: one column that fits an A4 sheet and an 80 mm or 58 mm receipt
// printer alike. Used by the single invoice and by the bulk print of a delivery slot, where
// each invoice starts on its own page.
import { OrderPromoRows } from "~/components/order-promo";
import { orderTextTotals } from "~/lib/order-text";
import { formatDateTime, formatDateWithDay } from "~/lib/dates";
import { orderFeeText } from "~/lib/delivery";
import { customerFeeSourceText } from "~/lib/order-text";
import { OrderTotalAmount } from "~/components/order-total";
import { substituteLabel } from "~/lib/cart";
import { formatRupiah } from "~/lib/money";
import { orderLinePriceText } from "~/lib/orders";
import { transferExactlyText, UNIQUE_CODE_EXPLANATION } from "~/lib/order-text";
import { amountDue } from "~/lib/payments";
import { slotName } from "~/lib/vocab/delivery-slots";
import { orderStatusLabel } from "~/lib/vocab/order-statuses";
import { paymentMethodLabel } from "~/lib/vocab/payment-methods";
import { paymentStatusLabel } from "~/lib/vocab/payment-statuses";
import { formatIndonesianPhone } from "~/lib/phone";
import { cn } from "~/lib/utils";
import type { AdminOrderDetail } from "~/server/orders/view.server";

export type InvoiceShop = { name: string; address: string; phone: string; email: string };

/** The print rules every invoice page shares: no screen frame, one invoice per sheet. */
export const INVOICE_PRINT_CSS = `
@page { size: auto; margin: 8mm; }
@media print {
  html, body { background: #fff !important; }
  .invoice { box-shadow: none !important; border: 0 !important; margin: 0 !important; padding: 0 !important; max-width: none !important; }
  .invoice + .invoice { break-before: page; }
  #konten-admin { padding: 0 !important; max-width: none !important; }
  a { color: inherit; text-decoration: none; }
}
`;

export function Invoice({
  order,
  shop,
  className,
  titleTag: Title = "h1",
}: {
  order: Omit<
    AdminOrderDetail,
    "history" | "links" | "userId" | "accountName" | "accountEmail" | "updatedAt" | "transferAmount"
  > & { transferAmount?: number | null };
  shop: InvoiceShop;
  className?: string;
  /** h2 when the page has its own h1 (the bulk print). */
  titleTag?: "h1" | "h2";
}) {
  const slot = slotName(order.deliverySlot);
  return (
    <article
      data-order-id={order.id}
      aria-label={`Invoice #${order.shortId}`}
      className={cn(
        "invoice mx-auto max-w-[720px] rounded-lg border border-stone-300 bg-white p-5 text-[13px] leading-snug text-black shadow-sm sm:p-8",
        className,
      )}
    >
      <header className="border-b-2 border-black pb-3 text-center">
        <p className="text-xl font-extrabold">{shop.name}</p>
        <p>{shop.address}</p>
        <p>
          Telp/WA {shop.phone} · {shop.email}
        </p>
      </header>

      <Title className="mt-3 text-center text-base font-bold tracking-widest uppercase">Invoice</Title>

      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt>No. Pesanan</dt>
        <dd className="font-mono font-bold">#{order.shortId}</dd>
        <dt>Tanggal</dt>
        <dd>{formatDateTime(order.createdAt)}</dd>
        <dt>Pengiriman</dt>
        <dd>
          {formatDateWithDay(order.deliveryDate)}, {slot} ({order.deliveryTime})
        </dd>
        <dt>Status</dt>
        <dd>{orderStatusLabel(order.status)}</dd>
        <dt>Pembayaran</dt>
        <dd data-testid="invoice-payment">
          {paymentMethodLabel(order.paymentMethod)} · {paymentStatusLabel(order.paymentStatus)}
        </dd>
      </dl>

      <section className="mt-3 border-t border-dashed border-black pt-2">
        <h2 className="font-bold">Kepada</h2>
        <p>{order.recipientName}</p>
        <p>{formatIndonesianPhone(order.recipientPhone)}</p>
        <p className="whitespace-pre-line">{order.recipientAddress}</p>
      </section>

      <section className="mt-3 border-t border-dashed border-black pt-2">
        <h2 className="sr-only">Barang</h2>
        <ul>
          {order.items.map((item) => (
            <li key={item.id} className="[break-inside:avoid] py-1">
              <p className="font-semibold">{item.productName}</p>
              <p className="flex justify-between gap-2">
                <span>
                  {item.soldByWeight
                    ? orderLinePriceText(item)
                    : `${orderLinePriceText(item)} / ${item.productUnit.replace(/^per\s+/i, "")}`}
                  {item.discount > 0 ? ` (diskon ${item.discount}%)` : ""}
                </span>
                <span className="tabular-nums">{formatRupiah(item.lineTotal)}</span>
              </p>
              {item.note ? <p className="pl-2">Catatan: {item.note}</p> : null}
              <p className="pl-2">{substituteLabel(item.allowSubstitute)}</p>
            </li>
          ))}
        </ul>
      </section>

      <dl className="mt-2 space-y-0.5 border-t border-dashed border-black pt-2">
        <div className="flex justify-between gap-2">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{formatRupiah(orderTextTotals(order).subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>
            Ongkir
            <span className="block text-[11px] font-normal">{customerFeeSourceText(order)}</span>
          </dt>
          <dd className="text-right tabular-nums">
            {order.deliveryFee === null
              ? "Belum ditentukan"
              : orderFeeText({ deliveryFee: orderTextTotals(order).fee })}
          </dd>
        </div>
        <OrderPromoRows order={order} className="text-black" />
        <div className="flex justify-between gap-2 border-t-2 border-black pt-1 text-base font-extrabold">
          <dt>Total</dt>
          <dd className="text-right">
            <OrderTotalAmount order={order} testId="invoice-total" noteClassName="text-[11px] text-black" />
          </dd>
        </div>
        {order.balanceApplied !== 0 ? (
          <>
            <div className="flex justify-between gap-2">
              <dt>{order.balanceApplied > 0 ? "Saldo (lebih bayar sebelumnya)" : "Kurang bayar sebelumnya"}</dt>
              <dd className="tabular-nums">
                {order.balanceApplied > 0 ? "−" : "+"}
                {formatRupiah(Math.abs(order.balanceApplied))}
              </dd>
            </div>
            <div className="flex justify-between gap-2 font-bold">
              <dt>Jumlah dibayar</dt>
              <dd className="tabular-nums">{formatRupiah(amountDue(order))}</dd>
            </div>
          </>
        ) : null}
        {order.transferAmount ? (
          <div className="border-t border-dashed border-black pt-1" data-testid="invoice-transfer">
            <p className="font-bold">{transferExactlyText(order.transferAmount)}</p>
            <p>{UNIQUE_CODE_EXPLANATION}</p>
          </div>
        ) : null}
        {order.paymentStatus === "paid" && order.paidAmount !== null ? (
          <div className="flex justify-between gap-2">
            <dt>Diterima (Lunas)</dt>
            <dd className="tabular-nums">{formatRupiah(order.paidAmount)}</dd>
          </div>
        ) : null}
      </dl>

      {order.notes ? (
        <section className="mt-3 border-t border-dashed border-black pt-2">
          <h2 className="font-bold">Catatan</h2>
          <p className="whitespace-pre-line">{order.notes}</p>
        </section>
      ) : null}

      <footer className="mt-4 border-t border-dashed border-black pt-2 text-center">
        <p>Terima kasih telah berbelanja di {shop.name}!</p>
      </footer>
    </article>
  );
}
