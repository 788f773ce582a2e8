// /orders/:id: one of the customer's own orders. Someone else's order goes to /profile and
// none of it is read; an unknown or malformed id shows 'Pesanan Tidak Ditemukan'.
import type { ReactNode } from "react";
import { useCallback } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { ArrowLeft, CalendarDays, MessageCircle, NotebookPen, Package, PackageX, User } from "lucide-react";
import type { Route } from "./+types/orders.$id";
import { CANCEL_INTENT, CancelOrderButton } from "~/components/order-cancel";
import { OrderItemImage } from "~/components/order-item-image";
import { REORDER_INTENT, ReorderButton } from "~/components/order-reorder";
import { useToast } from "~/components/ui/toast";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { buttonClass } from "~/components/ui/button";
import { formatDateTime, formatDateWithDay } from "~/lib/dates";
import { orderFeeText } from "~/lib/delivery";
import { LineOptionsSummary } from "~/components/cart-line-options";
import { formatRupiah } from "~/lib/money";
import { buildOrderHelpMessage, orderChatUrl, storedOrderChatUrl } from "~/lib/order-message";
import {
  DELIVERY_SLOTS,
  isDeliverySlot,
  orderGrandTotal,
  orderLinePriceText,
  orderLineTotal,
  shortOrderId,
} from "~/lib/orders";
import { formatIndonesianPhone } from "~/lib/phone";
import { config } from "~/server/config.server";
import {
  cancelOrderByCustomer,
  getOrderForCustomer,
  isOrderOfAnotherCustomer,
  planReorderForCustomer,
} from "~/server/customer-orders.server";
import { dbOf, requireUserOf } from "~/server/request-context.server";
import { loadFinalBillForCustomer } from "~/server/order-edits.server";
import { FinalBill } from "~/components/final-bill";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUserOf(context, request);
  const db = await dbOf(context);
  const order = await getOrderForCustomer(db, user.id, params.id);
  if (!order) {
    if (await isOrderOfAnotherCustomer(db, user.id, params.id)) throw redirect("/profile");
    return data({ order: null, helpUrl: null, resendUrl: null, bill: null }, { status: 404 });
  }
  const shop = config().shop;
  return data({
    order,
    helpUrl: orderChatUrl(shop.whatsapp, buildOrderHelpMessage(shop.name, order.id)),
    // A customer who never sent the checkout chat can still send it while the order waits.
    resendUrl: order.status === "pending" ? storedOrderChatUrl(order, shop) : null,
    bill: await loadFinalBillForCustomer(db, user.id, order.id),
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUserOf(context, request);
  const form = await request.formData();
  const enhanced = form.get("enhanced") === "1";
  const intent = form.get("intent");
  if (intent === REORDER_INTENT) {
    const plan = await planReorderForCustomer(await dbOf(context), user.id, params.id);
    if (!plan) return data({ ok: false, intent: REORDER_INTENT, message: "Pesanan tidak ditemukan." }, { status: 404 });
    return data({ ok: true, intent: REORDER_INTENT, message: "", plan });
  }
  if (intent !== CANCEL_INTENT) {
    return data({ ok: false, intent: "unknown", message: "Permintaan tidak dikenal." }, { status: 400 });
  }
  const result = await cancelOrderByCustomer(await dbOf(context), user.id, params.id, { reason: form.get("reason") });
  if (result.ok && !enhanced) throw redirect(`/orders/${params.id}`, 303);
  return data(
    { ok: result.ok, intent: CANCEL_INTENT, message: result.message },
    { status: result.ok ? 200 : result.status },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const order = loaderData?.order;
  return [
    { title: order ? `Pesanan #${shortOrderId(order.id)} - Sayur Jember` : "Pesanan Tidak Ditemukan - Sayur Jember" },
    { name: "robots", content: "noindex" },
  ];
}

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-sm font-medium text-stone-900 sm:text-right">{children}</dd>
    </div>
  );
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, helpUrl, resendUrl, bill } = loaderData;
  const toast = useToast();
  const revalidator = useRevalidator();
  const onCancelled = useCallback(
    (message: string) => {
      toast({ title: "Pesanan Dibatalkan", description: message });
      void revalidator.revalidate();
    },
    [toast, revalidator],
  );
  if (!order) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
        <PackageX className="h-16 w-16 text-stone-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-extrabold text-stone-900">Pesanan Tidak Ditemukan</h1>
        <p className="mt-2 text-stone-700">Maaf, pesanan yang Anda cari tidak ada atau alamatnya salah.</p>
        <Link to="/profile" className={buttonClass({ size: "lg", className: "mt-6" })}>
          Kembali ke Profil
        </Link>
      </div>
    );
  }

  const slot = isDeliverySlot(order.deliverySlot)
    ? `${DELIVERY_SLOTS[order.deliverySlot].label} (${order.deliveryTime})`
    : order.deliveryTime;
  const feeSet = order.deliveryFee !== null;

  return (
    <div className="mx-auto max-w-4xl px-4 pt-4 pb-24 md:pt-8 md:pb-12">
      <Link
        to="/orders"
        className="inline-flex items-center gap-1 text-sm font-semibold text-stone-700 hover:text-brand-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Pesanan Saya
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold text-stone-900 md:text-3xl">Pesanan #{shortOrderId(order.id)}</h1>
        <OrderStatusBadge status={order.status} className="text-sm" />
      </div>
      <p className="mt-1 text-sm text-stone-600">Dipesan pada {formatDateTime(order.createdAt)} WIB</p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {actionData.message}
        </p>
      ) : null}
      {order.cancellation ? (
        <p className="mt-3 rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800">
          {order.cancellation.byCustomer ? "Anda membatalkan pesanan ini" : "Pesanan ini dibatalkan oleh toko"} pada{" "}
          {formatDateTime(order.cancellation.at)} WIB.
          {order.cancellation.reason ? ` Alasan: ${order.cancellation.reason}` : ""}
        </p>
      ) : null}

      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <Card icon={<CalendarDays className="h-5 w-5" aria-hidden="true" />} title="Pengiriman">
          <dl>
            <Row label="Tanggal Pengiriman">{formatDateWithDay(order.deliveryDate)}</Row>
            <Row label="Waktu Pengiriman">{slot}</Row>
          </dl>
        </Card>
        <Card icon={<User className="h-5 w-5" aria-hidden="true" />} title="Penerima">
          <dl>
            <Row label="Nama">{order.recipientName}</Row>
            <Row label="Telepon">{formatIndonesianPhone(order.recipientPhone)}</Row>
            <Row label="Alamat">
              <span className="break-words whitespace-pre-line">{order.recipientAddress}</span>
            </Row>
          </dl>
        </Card>
      </div>

      <div className="mt-4">
        <Card icon={<NotebookPen className="h-5 w-5" aria-hidden="true" />} title="Catatan">
          <p className="text-sm break-words whitespace-pre-line text-stone-800">
            {order.notes.trim() === "" ? "Tidak ada catatan." : order.notes}
          </p>
        </Card>
      </div>

      <div className="mt-4">
        <Card icon={<Package className="h-5 w-5" aria-hidden="true" />} title={`Produk (${order.items.length})`}>
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
              <dd className="font-semibold">{formatRupiah(order.totalAmount)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-stone-700">
                Ongkir
                {order.deliveryAreaName ? (
                  <span className="block text-xs text-stone-600">{order.deliveryAreaName}</span>
                ) : null}
              </dt>
              <dd className={feeSet ? "font-semibold" : "font-semibold text-brand-800"} data-testid="delivery-fee">
                {orderFeeText(order)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
              <dt className="font-bold">{bill ? "Total akhir" : "Total"}</dt>
              <dd className="font-extrabold text-brand-800" data-testid="order-total">
                {formatRupiah(orderGrandTotal(order.totalAmount, order.deliveryFee))}
              </dd>
            </div>
          </dl>
          {!feeSet ? <p className="mt-2 text-xs text-stone-600">*Belum termasuk biaya pengiriman</p> : null}
        </Card>
      </div>

      {bill ? (
        <div className="mt-4">
          <FinalBill
            grandTotal={orderGrandTotal(order.totalAmount, order.deliveryFee)}
            billFinalAt={bill.billFinalAt}
            changes={bill.changes}
            paymentMethods={bill.paymentMethods}
          />
        </div>
      ) : null}

      <section className="mt-4 rounded-2xl border border-brand-200 bg-brand-50 p-4 md:p-5" aria-label="Bantuan">
        <p className="text-sm text-stone-800">
          Ada pertanyaan tentang pesanan ini? Chat CS kami di WhatsApp; nomor pesanan #{shortOrderId(order.id)} sudah
          tercantum di pesannya.
        </p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          {helpUrl ? (
            <a
              href={helpUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ className: "w-full sm:w-auto" })}
            >
              <MessageCircle className="h-4 w-4" aria-hidden="true" /> Butuh Bantuan?
            </a>
          ) : null}
          <ReorderButton orderId={order.id} />
          {order.status === "pending" ? (
            <CancelOrderButton shortId={shortOrderId(order.id)} onCancelled={onCancelled} />
          ) : null}
          {resendUrl ? (
            <a
              href={resendUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: "outline", className: "w-full sm:w-auto" })}
            >
              Kirim Pesanan via WhatsApp
            </a>
          ) : null}
        </div>
      </section>
    </div>
  );
}
