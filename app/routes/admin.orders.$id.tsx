// One order for staff: status buttons, the lines with their packing edits and 'Tagihan Final',
// the payment ('Tandai Lunas', 'Tolak Bukti'), who to call and where to go, the delivery fee,
// and every change so far. The parts live in components/admin/order-detail/.
import { WORDS } from "~/lib/vocab/words";
import { loadShopIdentity } from "~/server/shop/identity.server";
import { data, Link, isRouteErrorResponse, useRouteError } from "react-router";
import { ArrowLeft, MessageCircle, Printer } from "lucide-react";
import { ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { CustomerCard } from "~/components/admin/order-detail/customer-card";
import { DeliveryFeeCard } from "~/components/admin/order-detail/fee-card";
import { DoorCard } from "~/components/admin/order-detail/door-card";
import { HistoryCard } from "~/components/admin/order-detail/history-card";
import { OrderInfoCard } from "~/components/admin/order-detail/info-card";
import { PaymentCard } from "~/components/admin/order-detail/payment-card";
import { ProductsCard } from "~/components/admin/order-detail/products-card";
import { MergeCard } from "~/components/admin/order-detail/merge-card";
import { StatusButtons } from "~/components/admin/order-detail/status-card";
import { OrderChangesCard, OrderEditsCard } from "~/components/admin/order-edits";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import { buttonClass } from "~/components/ui/button";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import { formatDateWithDay } from "~/lib/dates";
import { isOrderEditIntent } from "~/lib/order-edits";
import { actOnAdminOrder, adminOrderActionSchema } from "~/server/orders/staff-actions.server";
import { config } from "~/server/config.server";
import { firstFieldError, formAction, isDocumentSubmission } from "~/server/form-action.server";
import { loadStaffOrderPage } from "~/server/orders/staff-page.server";
import { loadOrderDeadline } from "~/server/orders/payment-due.server";
import { loadDoorRecord } from "~/server/couriers/stops.server";
import { dbOf } from "~/server/request-context.server";
import type { Route } from "./+types/admin.orders.$id";
import { routePolicy } from "~/server/route-policy.server";
import { WhatsappCard } from "~/components/admin/order-detail/whatsapp-card";
import { confirmChatByHand, loadChatState } from "~/server/whatsapp/chat-check.server";
import { loadOrderConversation, orderWhatsappActionSchema, sendStaffReply } from "~/server/whatsapp/messages.server";
import { loadOrderTemplates, sendStaffTemplate } from "~/server/whatsapp/staff-template.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Pesanan #${data.order.shortId}` : "Detail Pesanan");

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  const shop = { name: (await loadShopIdentity(db)).name, appUrl: config().appUrl };
  const page = await loadStaffOrderPage(db, admin, params.id, shop);
  if (!page) throw data("Pesanan tidak ditemukan.", { status: 404 });
  const [conversation, chat, paymentDeadline, door, templates] = await Promise.all([
    loadOrderConversation(db, params.id),
    loadChatState(db, params.id),
    loadOrderDeadline(db, params.id),
    loadDoorRecord(db, admin, page.order.id),
    loadOrderTemplates(db, params.id),
  ]);
  return { ...page, paymentDeadline, door, whatsapp: { ...conversation, chat, templates } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  // The WhatsApp card's two forms have their own fields; every other form is an order action.
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "whatsapp-reply" || intent === "chat-confirmed" || intent === "whatsapp-template")
    return formAction(request, {
      name: "admin order whatsapp",
      schema: orderWhatsappActionSchema,
      invalid: { message: firstFieldError },
      call: (input) =>
        input.intent === "chat-confirmed"
          ? confirmChatByHand(db, admin, params.id)
          : input.intent === "whatsapp-template"
            ? sendStaffTemplate(db, params.id, input.kind)
            : sendStaffReply(db, params.id, input.body),
      redirectTo: () => `/admin/orders/${params.id}#whatsapp`,
      flash: true,
    });
  return formAction(request, {
    name: "admin order action",
    schema: adminOrderActionSchema,
    invalid: { message: firstFieldError },
    call: (input) => actOnAdminOrder(db, admin, params.id, input),
    // A plain form post comes back to the page with the one-time message; the page's own
    // forms post through fetchers and show the answer where they were pressed, keeping the scroll.
    redirectTo: isDocumentSubmission(request) ? () => `/admin/orders/${params.id}` : undefined,
    flash: true,
  });
}

export default function AdminOrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, editing, payment, customerBalance, door } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  // Every failure names its intent (the posted field), so its message shows beside its own form.
  const intent = failed?.values.intent ?? "";
  const errorFor = (name: string) => (intent === name ? failed?.message : undefined);
  const fieldErrors = failed?.fieldErrors ?? {};
  return (
    <div className="space-y-4">
      <Link
        to="/admin/dashboard"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke daftar pesanan
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-extrabold text-stone-900">
            Pesanan <span className="font-mono">#{order.shortId}</span>{" "}
            <OrderStatusBadge status={order.status} className="text-sm" />
            {payment ? <PaymentStatusBadge status={payment.status} className="text-sm" /> : null}
          </h1>
          <p className="text-sm text-stone-700">
            {order.recipientName} · kirim <strong>{formatDateWithDay(order.deliveryDate)}</strong>,{" "}
            {slotLabel(order.deliverySlot).toLowerCase()}
          </p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <a
            href={order.links.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ className: "bg-green-700 hover:bg-green-800" })}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Hubungi via WhatsApp
          </a>
          <a
            href={`/admin/orders/print/${order.id}`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline" })}
          >
            <Printer className="h-4 w-4" aria-hidden="true" /> Cetak Invoice
          </a>
          <a
            href={`/admin/receipts/print?order=${order.id}&lebar=58`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline" })}
          >
            <Printer className="h-4 w-4" aria-hidden="true" /> Cetak Struk 58 mm
          </a>
          <a
            href={`/admin/receipts/print?order=${order.id}&lebar=80`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline" })}
          >
            Struk 80 mm
          </a>
        </div>
      </div>
      {failed && !intent ? <ErrorNote>{failed.message}</ErrorNote> : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          {door ? <DoorCard orderId={order.id} door={door} /> : null}
          <StatusButtons order={order} error={errorFor("status")} />
          <MergeCard version={editing.version} targets={loaderData.mergeTargets} error={errorFor("merge")} />
          <ProductsCard order={order} />
          {/* The fee beside the lines and above 'Tagihan Final', where staff settle the bill. */}
          <DeliveryFeeCard order={order} editing={editing} error={errorFor("fee")} />
          <OrderEditsCard
            order={order}
            editing={editing}
            error={
              failed && isOrderEditIntent(intent)
                ? { intent, error: failed.message, field: Object.keys(fieldErrors)[0] }
                : undefined
            }
          />
          {payment ? (
            <PaymentCard
              orderId={order.id}
              orderStatus={order.status}
              payment={payment}
              customerBalance={customerBalance}
              deadline={loaderData.paymentDeadline}
              error={
                failed && (intent === "paid" || intent === "reject" || intent === "due" || intent === "cod")
                  ? { intent, ...failed }
                  : undefined
              }
            />
          ) : null}
          <OrderChangesCard changes={editing.changes} />
          <HistoryCard order={order} />
        </div>
        <div className="space-y-4">
          <WhatsappCard
            whatsapp={loaderData.whatsapp}
            customerName={order.recipientName}
            whatsappLink={order.links.whatsapp}
            error={errorFor("whatsapp-reply") ?? errorFor("chat-confirmed") ?? errorFor("whatsapp-template")}
            fieldError={intent === "whatsapp-reply" ? fieldErrors.body : undefined}
          />
          <CustomerCard order={order} />
          <OrderInfoCard order={order} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold text-stone-900">{notFound ? "Pesanan Tidak Ditemukan" : "Detail Pesanan"}</h1>
      <p role="alert" className="mt-2 text-stone-700">
        {notFound ? "Pesanan ini tidak ada atau nomornya salah." : "Gagal memuat detail pesanan."}
      </p>
      <Link to="/admin/dashboard" className={buttonClass({ className: "mt-4" })}>
        Kembali ke {WORDS.dashboard}
      </Link>
    </div>
  );
}
