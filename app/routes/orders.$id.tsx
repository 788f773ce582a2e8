// /orders/:id: one of the customer's own orders. Someone else's order goes to /profile and
// none of it is read; an unknown or malformed id shows 'Pesanan Tidak Ditemukan'. The page
// tells the state first (the progress tracker); once the bill is final and not yet paid, the
// amount due, how to pay and 'Unggah Bukti Bayar' come right under it.
import { loadShopIdentity } from "~/server/shop/identity.server";
import { useCallback } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { ArrowLeft, CalendarDays, MessageCircle, NotebookPen, PackageX, User, Repeat } from "lucide-react";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import type { Route } from "./+types/orders.$id";
import { FinalBill } from "~/components/final-bill";
import { CancelOrderButton } from "~/components/order-cancel";
import { OrderCard, OrderItemsCard, OrderRow } from "~/components/order-page/order-parts";
import { OrderProgressTracker } from "~/components/order-page/order-progress";
import { canUploadProof, PaymentCard, ProofForm } from "~/components/order-page/payment-card";
import { ReorderButton } from "~/components/order-reorder";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import { buttonClass } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { formatDateTime, formatDateWithDay } from "~/lib/dates";
import { canCustomerCancel } from "~/lib/order-edits";
import { buildOrderHelpMessage, orderChatUrl, storedOrderChatUrl } from "~/lib/order-message";
import { orderProgress } from "~/lib/order-progress";
import { isMergedNote, orderTotalSummary } from "~/lib/order-text";
import { shortOrderId } from "~/lib/orders";
import { isCashOnDelivery } from "~/lib/vocab/payment-methods";
import { orderNotices } from "~/server/notifications/notices.server";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import { methodsToExplain } from "~/lib/vocab/payment-methods";
import { billQris } from "~/server/payments/qris.server";
import { loadOrderDeadline } from "~/server/orders/payment-due.server";
import { formatIndonesianPhone } from "~/lib/phone";
import { actOnCustomerOrder, customerOrderActionSchema } from "~/server/orders/customer.server";
import { customerOrderDetail, isOrderOfAnotherCustomer, loadOrderView } from "~/server/orders/view.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { AddFromCart } from "~/components/order-add-from-cart";
import { cutoffInstant } from "~/lib/delivery";
import { isDeliverySlot } from "~/lib/vocab/delivery-slots";
import { now } from "~/server/clock.server";
import { deliveryRulesOf } from "~/server/delivery/slots.server";
import { acceptsAdditions } from "~/server/orders/additions.server";
import { loadShopSettings } from "~/server/settings.server";
import { WhatsappMessageList } from "~/components/whatsapp-messages";
import { loadChatState } from "~/server/whatsapp/chat-check.server";
import { loadOrderConversation } from "~/server/whatsapp/messages.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "customer" })];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  const view = await loadOrderView(db, { as: "customer", id: user.id }, params.id);
  if (!view) {
    if (await isOrderOfAnotherCustomer(db, user.id, params.id)) throw redirect("/profile");
    return data(
      { order: null, helpUrl: null, resendUrl: null, bill: null, whatsapp: null, chatMissing: false },
      { status: 404 },
    );
  }
  const order = customerOrderDetail(view);
  const { payment, bill } = view;
  const [shop, conversation, chat, told] = await Promise.all([
    loadShopIdentity(db),
    loadOrderConversation(db, order.id),
    loadChatState(db, order.id),
    orderNotices(db, order.id),
  ]);
  const { values: settings } = await loadShopSettings(db);
  const rules = deliveryRulesOf(settings);
  const at = now();
  const addable = acceptsAdditions(
    {
      status: order.status,
      billFinal: payment.billFinal,
      paymentStatus: payment.status,
      paidAmount: payment.paidAmount,
      deliveryDate: order.deliveryDate,
      deliverySlot: order.deliverySlot,
    },
    rules,
    at,
  );
  // The QR asking for exactly this bill, while it is still to be paid by QRIS.
  const payable =
    bill !== null &&
    order.status !== "cancelled" &&
    (payment.status === "unpaid" || payment.status === "rejected") &&
    methodsToExplain(bill.paymentMethods, bill.paymentMethod).includes("qris");
  const qris = payable ? await billQris(bill.paymentMethods, bill.amountDue) : null;
  return data({
    // 'Tambah ke Pesanan' until the slot's cut-off (the server decides again when it is pressed).
    addUntil:
      addable && isDeliverySlot(order.deliverySlot)
        ? formatDateTime(cutoffInstant(order.deliveryDate, rules.slots[order.deliverySlot]))
        : null,
    // Every WhatsApp message of the order with its state (the reply window is the staff's concern).
    whatsapp: { messages: conversation.messages },
    // 'Belum chat': the prefilled chat never reached the shop; 'Kirim ulang ke WhatsApp' sends it again.
    chatMissing: chat?.missing ?? false,
    order,
    progress: orderProgress({
      status: order.status,
      billFinal: payment.billFinal,
      paymentStatus: payment.status,
      cashOnDelivery: isCashOnDelivery(order.paymentMethod),
      outForDelivery: told["out-for-delivery"] !== undefined,
    }),
    // Once the bill is final or money was paid, only the shop cancels (the money goes to 'Saldo').
    canCancel:
      order.status === "pending" &&
      canCustomerCancel({
        billFinal: payment.billFinal,
        paymentStatus: payment.status,
        paidAmount: payment.paidAmount,
      }),
    helpUrl: orderChatUrl(shop.whatsapp, buildOrderHelpMessage(shop.name, order.id)),
    // A customer who never sent the checkout chat can still send it while the order waits.
    resendUrl: order.status === "pending" ? storedOrderChatUrl(order, shop) : null,
    bill,
    payment,
    qrisSvg: qris?.svg ?? null,
    paymentDueAt: (await loadOrderDeadline(db, order.id))?.dueAt ?? null,
    // With a transfer amount before any final bill lists the accounts, the payment box shows them.
    transferAccounts: payment.transfer && !bill ? (view.paymentMethods?.bankTransfer.accounts ?? []) : [],
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  return formAction(request, {
    name: "customer order action",
    schema: customerOrderActionSchema,
    echo: ["reason"],
    invalid: { message: firstFieldError },
    call: (input) => actOnCustomerOrder(db, user.id, params.id, input),
    // Without JavaScript the page is shown again with the change.
    documentRedirectTo: (done) =>
      done.intent === "reorder" ? null : `/orders/${params.id}${done.intent === "proof" ? "#pembayaran" : ""}`,
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const order = loaderData?.order;
  return [
    {
      title: pageTitle(order ? `Pesanan #${shortOrderId(order.id)}` : "Pesanan Tidak Ditemukan", shopNameFrom(matches)),
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, helpUrl, resendUrl, bill } = loaderData;
  const addUntil = "addUntil" in loaderData ? loaderData.addUntil : null;
  const payment = "payment" in loaderData ? loaderData.payment : null;
  const canCancel = "canCancel" in loaderData && loaderData.canCancel;
  const progress = "progress" in loaderData ? loaderData.progress : null;
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

  const slot = slotLabel(order.deliverySlot, order.deliveryTime);
  // Merged into another order: its lines and money live there now; nothing here to pay, reorder or repeat.
  const merged = isMergedNote(order.cancellation?.reason);
  // After the final bill and before the money is in: what to pay and how, first.
  const payFirst = bill !== null && payment !== null && order.status !== "cancelled" && payment.status !== "paid";
  const finalBill = bill ? (
    <FinalBill
      grandTotal={orderTotalSummary({ ...order, billFinal: true }).amount}
      promoOrder={order}
      balanceApplied={bill.balanceApplied}
      amountDue={bill.amountDue}
      billFinalAt={bill.billFinalAt}
      changes={bill.changes}
      paymentMethods={bill.paymentMethods}
      paymentMethod={bill.paymentMethod}
      qrisSvg={"qrisSvg" in loaderData ? loaderData.qrisSvg : null}
      action={
        payFirst && payment && canUploadProof(payment) ? (
          <ProofForm orderId={order.id} again={payment.status === "rejected"} />
        ) : null
      }
    />
  ) : null;

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
        {/* The tracker below tells where the order stands; the badge stays for a cancelled order. */}
        {progress && !progress.cancelled ? null : <OrderStatusBadge status={order.status} className="text-sm" />}
        {payment && !merged ? <PaymentStatusBadge status={payment.status} className="text-sm" /> : null}
      </div>
      <p className="mt-1 text-sm text-stone-600">Dipesan pada {formatDateTime(order.createdAt)} WIB</p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {actionData.message}
        </p>
      ) : null}
      {progress ? (
        <div className="mt-4">
          <OrderProgressTracker progress={progress} />
        </div>
      ) : null}
      {payFirst ? <div className="mt-4">{finalBill}</div> : null}
      {order.cancellation ? (
        <p className="mt-3 rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800">
          {merged ? (
            <>
              {order.cancellation.reason}: semua produknya dipindahkan ke pesanan itu oleh toko pada{" "}
              {formatDateTime(order.cancellation.at)} WIB, dengan ongkir sekali. Pembayaran yang sudah ada ikut pindah
              ke sana.
            </>
          ) : (
            <>
              {order.cancellation.byCustomer ? "Anda membatalkan pesanan ini" : "Pesanan ini dibatalkan oleh toko"} pada{" "}
              {formatDateTime(order.cancellation.at)} WIB.
              {order.cancellation.reason ? ` Alasan: ${order.cancellation.reason}` : ""}
            </>
          )}
        </p>
      ) : null}

      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <OrderCard icon={<CalendarDays className="h-5 w-5" aria-hidden="true" />} title="Pengiriman">
          <dl>
            <OrderRow label="Tanggal Pengiriman">{formatDateWithDay(order.deliveryDate)}</OrderRow>
            <OrderRow label="Waktu Pengiriman">{slot}</OrderRow>
          </dl>
        </OrderCard>
        <OrderCard icon={<User className="h-5 w-5" aria-hidden="true" />} title="Penerima">
          <dl>
            <OrderRow label="Nama">{order.recipientName}</OrderRow>
            <OrderRow label="Telepon">{formatIndonesianPhone(order.recipientPhone)}</OrderRow>
            <OrderRow label="Alamat">
              <span className="break-words whitespace-pre-line">{order.recipientAddress}</span>
            </OrderRow>
          </dl>
        </OrderCard>
      </div>

      <div className="mt-4">
        <OrderCard icon={<NotebookPen className="h-5 w-5" aria-hidden="true" />} title="Catatan">
          <p className="text-sm break-words whitespace-pre-line text-stone-800">
            {order.notes.trim() === "" ? "Tidak ada catatan." : order.notes}
          </p>
        </OrderCard>
      </div>

      {merged ? null : (
        <div className="mt-4">
          <OrderItemsCard order={order} billFinal={bill !== null} />
          {addUntil ? <AddFromCart orderId={order.id} cutoffText={addUntil} /> : null}
        </div>
      )}

      {bill && !payFirst ? <div className="mt-4">{finalBill}</div> : null}

      {payment && order.status !== "cancelled" ? (
        <div className="mt-4">
          <PaymentCard
            orderId={order.id}
            payment={payment}
            uploadHere={!payFirst}
            dueAt={"paymentDueAt" in loaderData ? loaderData.paymentDueAt : null}
            transferAccounts={"transferAccounts" in loaderData ? loaderData.transferAccounts : []}
          />
        </div>
      ) : null}

      {loaderData.chatMissing && resendUrl ? (
        <section
          className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 md:p-5"
          aria-label="Pesan pesanan belum sampai"
        >
          <p className="text-sm text-amber-950">
            Pesan pesanan Anda belum sampai ke WhatsApp toko. Kirim ulang agar pesanan segera kami proses.
          </p>
          <a
            href={resendUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ className: "mt-3 w-full bg-green-700 hover:bg-green-800 sm:w-auto" })}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Kirim ulang ke WhatsApp
          </a>
        </section>
      ) : null}

      {loaderData.whatsapp && loaderData.whatsapp.messages.length > 0 ? (
        <section className="mt-4 rounded-2xl border border-stone-200 bg-white p-4 md:p-5" aria-labelledby="wa-heading">
          <h2 id="wa-heading" className="mb-3 text-lg font-bold text-stone-900">
            Pesan WhatsApp
          </h2>
          <WhatsappMessageList messages={loaderData.whatsapp.messages} customerName="Anda" />
        </section>
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
          {merged ? null : (
            <>
              <ReorderButton orderId={order.id} />
              <Link
                to={`/langganan/baru?dari=${order.id}`}
                className={buttonClass({ variant: "outline", className: "w-full sm:w-auto" })}
              >
                <Repeat className="h-4 w-4" aria-hidden="true" /> Jadikan Langganan
              </Link>
            </>
          )}
          {canCancel ? <CancelOrderButton shortId={shortOrderId(order.id)} onCancelled={onCancelled} /> : null}
          {resendUrl && !loaderData.chatMissing ? (
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
