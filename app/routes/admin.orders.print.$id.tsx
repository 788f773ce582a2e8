// A printable invoice: no site navigation, one column that fits an A4 sheet and an 80 mm
// or 58 mm receipt printer alike, and a Print button that does not print itself.
import { data, Link, useLoaderData, useRouteError, isRouteErrorResponse } from "react-router";
import { Printer } from "lucide-react";
import { adminMeta } from "~/components/admin/meta";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDateTime, formatDateWithDay } from "~/lib/dates";
import { orderFeeSourceText, orderFeeText } from "~/lib/delivery";
import { substituteLabel } from "~/lib/cart";
import { formatRupiah } from "~/lib/money";
import { DELIVERY_SLOTS, isDeliverySlot, orderLinePriceText, orderStatusLabel } from "~/lib/orders";
import { shopAddressLine } from "~/lib/shop";
import { getOrderForAdmin } from "~/server/admin-orders.server";
import { config } from "~/server/config.server";
import type { Route } from "./+types/admin.orders.print.$id";
import { formatIndonesianPhone } from "~/lib/phone";
import { adminGuardMiddleware, dbOf, requireStaffOf } from "~/server/request-context.server";

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Invoice #${data.order.shortId}` : "Invoice");

// Outside the admin layout (no panel around a printout or a file), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [adminGuardMiddleware];

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = await requireStaffOf(context);
  const db = await dbOf(context);
  const shop = config().shop;
  const order = await getOrderForAdmin(db, admin, params.id, shop.name);
  if (!order) throw data("Pesanan tidak ditemukan.", { status: 404 });
  return {
    order,
    shop: {
      name: shop.name,
      address: shopAddressLine(shop),
      phone: shop.phone,
      email: shop.email,
    },
  };
}

const PRINT_CSS = `
@page { size: auto; margin: 8mm; }
@media print {
  html, body { background: #fff !important; }
  .invoice { box-shadow: none !important; border: 0 !important; margin: 0 !important; padding: 0 !important; max-width: none !important; }
  a { color: inherit; text-decoration: none; }
}
`;

export default function PrintInvoice() {
  const { order, shop } = useLoaderData<typeof loader>();
  const slot = isDeliverySlot(order.deliverySlot) ? DELIVERY_SLOTS[order.deliverySlot].label : order.deliverySlot;
  return (
    <div className="min-h-dvh bg-stone-100 px-2 py-4 print:bg-white print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="no-print mx-auto mb-3 flex max-w-[720px] flex-wrap items-center justify-between gap-2">
        <Link to={`/admin/orders/${order.id}`} className={buttonClass({ variant: "outline", size: "sm" })}>
          Kembali ke pesanan
        </Link>
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Cetak
        </Button>
      </div>
      <main className="invoice mx-auto max-w-[720px] rounded-lg border border-stone-300 bg-white p-5 text-[13px] leading-snug text-black shadow-sm sm:p-8">
        <header className="border-b-2 border-black pb-3 text-center">
          <p className="text-xl font-extrabold">{shop.name}</p>
          <p>{shop.address}</p>
          <p>
            Telp/WA {shop.phone} · {shop.email}
          </p>
        </header>

        <h1 className="mt-3 text-center text-base font-bold tracking-widest uppercase">Invoice</h1>

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
            <dd className="tabular-nums">{formatRupiah(order.totalAmount)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt>
              Ongkos kirim
              <span className="block text-[11px] font-normal">{orderFeeSourceText(order)}</span>
            </dt>
            <dd className="text-right tabular-nums">
              {order.deliveryFee === null ? "Ditentukan oleh CS via WhatsApp" : orderFeeText(order)}
            </dd>
          </div>
          <div className="flex justify-between gap-2 border-t-2 border-black pt-1 text-base font-extrabold">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatRupiah(order.grandTotal)}</dd>
          </div>
        </dl>

        {order.notes ? (
          <section className="mt-3 border-t border-dashed border-black pt-2">
            <h2 className="font-bold">Catatan</h2>
            <p className="whitespace-pre-line">{order.notes}</p>
          </section>
        ) : null}

        <footer className="mt-4 border-t border-dashed border-black pt-2 text-center">
          <p>Pembayaran via WhatsApp. Terima kasih telah berbelanja di {shop.name}!</p>
        </footer>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-bold">{notFound ? "Pesanan Tidak Ditemukan" : "Invoice"}</h1>
      <p role="alert" className="mt-2">
        {notFound ? "Pesanan ini tidak ada atau nomornya salah." : "Gagal memuat detail pesanan."}
      </p>
      <Link to="/admin/dashboard" className={buttonClass({ className: "mt-4" })}>
        Kembali ke Dashboard
      </Link>
    </main>
  );
}
