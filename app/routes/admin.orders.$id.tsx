// One order for staff: status buttons, who to call and where to go, the items, the
// delivery fee agreed in the chat, and every status change so far.
import { isStaffRole, ROLE_LABELS } from "~/lib/roles";
import { data, Form, Link, useActionData, useLoaderData, useRouteError, isRouteErrorResponse } from "react-router";
import { ArrowLeft, ArrowRight, MapPin, MessageCircle, Phone, Printer } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { OrderChangesCard, OrderEditsCard } from "~/components/admin/order-edits";
import { isOrderEditIntent, type OrderEditIntent } from "~/lib/order-edits";
import { editOrderFromForm, loadOrderEditing } from "~/server/order-edits.server";
import { adminMeta } from "~/components/admin/meta";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { SubmitButton } from "~/components/admin/submit-button";
import { Thumbnail } from "~/components/admin/thumbnail";
import { buttonClass } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { formatDateTime, formatDateWithDay } from "~/lib/dates";
import { orderFeeSourceText, orderFeeText } from "~/lib/delivery";
import { LineOptionsSummary } from "~/components/cart-line-options";
import { formatRupiah } from "~/lib/money";
import {
  DELIVERY_SLOTS,
  isDeliverySlot,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderLinePriceText,
  orderStatusLabel,
} from "~/lib/orders";
import { cn } from "~/lib/utils";
import { slotLabel } from "~/lib/admin";
import { redirectWithFlash } from "~/server/admin-flash.server";
import {
  changeStatusFromForm,
  deliveryFeeSchema,
  getOrderForAdmin,
  setDeliveryFee,
  type AdminOrderDetail,
} from "~/server/admin-orders.server";
import { config } from "~/server/config.server";
import { log } from "~/server/logger.server";
import type { Route } from "./+types/admin.orders.$id";
import { formatIndonesianPhone } from "~/lib/phone";
import { requireStaffOf, dbOf } from "~/server/request-context.server";

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Pesanan #${data.order.shortId}` : "Detail Pesanan");

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = await requireStaffOf(context);
  const db = await dbOf(context);
  const order = await getOrderForAdmin(db, admin, params.id, config().shop.name);
  if (!order) throw data("Pesanan tidak ditemukan.", { status: 404 });
  const editing = await loadOrderEditing(db, admin, order, { name: config().shop.name, appUrl: config().appUrl });
  return { order, editing };
}

type ActionData = {
  intent: "status" | "fee" | "unknown" | OrderEditIntent;
  error: string;
  field?: string;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireStaffOf(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const db = await dbOf(context);
  const here = `/admin/orders/${params.id}`;
  if (intent === "status") {
    form.set("orderId", params.id);
    const result = await changeStatusFromForm(db, admin, form);
    if (!result.ok) return data<ActionData>({ intent: "status", error: result.message }, { status: result.status });
    return redirectWithFlash(here, {
      tone: "success",
      message: result.message,
    });
  }
  if (intent === "fee") {
    const parsed = deliveryFeeSchema.safeParse({
      orderId: params.id,
      deliveryFee: form.get("deliveryFee") ?? "",
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === "deliveryFee") ?? parsed.error.issues[0];
      return data<ActionData>(
        { intent: "fee", field: "deliveryFee", error: issue.message },
        { status: issue.path[0] === "orderId" ? 404 : 400 },
      );
    }
    try {
      const result = await setDeliveryFee(db, admin, parsed.data);
      if (!result.ok)
        return data<ActionData>(
          { intent: "fee", field: result.field, error: result.message },
          { status: result.status },
        );
      return redirectWithFlash(here, {
        tone: "success",
        message: result.message,
      });
    } catch (error) {
      log.error("delivery fee update failed", { error, orderId: params.id });
      return data<ActionData>(
        {
          intent: "fee",
          error: "Gagal menyimpan ongkos kirim. Silakan coba lagi.",
        },
        { status: 500 },
      );
    }
  }
  if (isOrderEditIntent(intent)) {
    const result = await editOrderFromForm(db, admin, params.id, form);
    if (!result.ok)
      return data<ActionData>({ intent, field: result.field, error: result.message }, { status: result.status });
    return redirectWithFlash(here, { tone: "success", message: result.message });
  }
  return data<ActionData>({ intent: "unknown", error: "Permintaan tidak dikenal." }, { status: 400 });
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-3">
      <dt className="w-36 shrink-0 text-sm text-stone-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

const STATUS_BUTTON_TONE: Record<string, string> = {
  pending: "aria-pressed:bg-yellow-100 aria-pressed:text-yellow-900 aria-pressed:ring-yellow-400",
  processing: "aria-pressed:bg-blue-100 aria-pressed:text-blue-900 aria-pressed:ring-blue-400",
  completed: "aria-pressed:bg-green-100 aria-pressed:text-green-900 aria-pressed:ring-green-400",
  cancelled: "aria-pressed:bg-red-100 aria-pressed:text-red-900 aria-pressed:ring-red-400",
};

function StatusButtons({ order, error }: { order: AdminOrderDetail; error?: string }) {
  return (
    <Card title="Ubah Status" id="status">
      <Form method="post" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <input type="hidden" name="intent" value="status" />
        {ORDER_STATUSES.map((s) => {
          const current = order.status === s;
          return (
            <SubmitButton
              key={s}
              name="status"
              value={s}
              intent="status"
              variant="outline"
              aria-pressed={current}
              disabled={current}
              className={cn("h-12 ring-2 ring-transparent ring-inset disabled:opacity-100", STATUS_BUTTON_TONE[s])}
            >
              {ORDER_STATUS_LABELS[s]}
            </SubmitButton>
          );
        })}
      </Form>
      <p className="mt-3 text-xs text-stone-600">
        Membatalkan pesanan mengembalikan stok barangnya; mengaktifkan lagi pesanan yang dibatalkan mengambil stoknya
        kembali.
      </p>
      {error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
    </Card>
  );
}

function CustomerCard({ order }: { order: AdminOrderDetail }) {
  return (
    <Card title="Informasi Pelanggan" id="pelanggan">
      <dl className="divide-y divide-stone-100">
        <Row label="Nama">{order.recipientName}</Row>
        <Row label="Telepon">
          <a href={order.links.tel} className="text-brand-800 underline-offset-2 hover:underline">
            {formatIndonesianPhone(order.recipientPhone)}
          </a>
        </Row>
        <Row label="Alamat">{order.recipientAddress}</Row>
        <Row label="Akun">
          {order.accountName} · {order.accountEmail}
        </Row>
      </dl>
      <div className="mt-3 grid grid-cols-3 gap-2">
        <a
          href={order.links.tel}
          className={buttonClass({
            variant: "outline",
            size: "sm",
            className: "h-11",
          })}
        >
          <Phone className="h-4 w-4" aria-hidden="true" /> Telepon
        </a>
        <a
          href={order.links.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({
            variant: "outline",
            size: "sm",
            className: "h-11",
          })}
        >
          <MessageCircle className="h-4 w-4" aria-hidden="true" /> Chat
        </a>
        <a
          href={order.links.maps}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({
            variant: "outline",
            size: "sm",
            className: "h-11",
          })}
        >
          <MapPin className="h-4 w-4" aria-hidden="true" /> Peta
        </a>
      </div>
    </Card>
  );
}

function OrderInfoCard({ order }: { order: AdminOrderDetail }) {
  const slot = isDeliverySlot(order.deliverySlot) ? DELIVERY_SLOTS[order.deliverySlot].label : order.deliverySlot;
  return (
    <Card title="Informasi Pesanan" id="info">
      <dl className="divide-y divide-stone-100">
        <Row label="No. Pesanan">
          <span className="font-mono">#{order.shortId}</span>
        </Row>
        <Row label="Status">
          <OrderStatusBadge status={order.status} />
        </Row>
        <Row label="Tanggal pesan">{formatDateTime(order.createdAt)}</Row>
        <Row label="Tanggal kirim">{formatDateWithDay(order.deliveryDate)}</Row>
        <Row label="Waktu kirim">
          {slot} ({order.deliveryTime})
        </Row>
        <Row label="Catatan">
          {order.notes ? (
            <span className="whitespace-pre-line">{order.notes}</span>
          ) : (
            <span className="text-stone-500">-</span>
          )}
        </Row>
      </dl>
    </Card>
  );
}

function ProductsCard({ order }: { order: AdminOrderDetail }) {
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
          <dd className="tabular-nums">{formatRupiah(order.totalAmount)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-700">Ongkos kirim</dt>
          <dd className="text-right tabular-nums">
            {order.deliveryFee === null ? (
              <span className="text-stone-600">Ditentukan oleh CS via WhatsApp</span>
            ) : (
              orderFeeText(order)
            )}
          </dd>
        </div>
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatRupiah(order.grandTotal)}</dd>
        </div>
      </dl>
    </Card>
  );
}

function DeliveryFeeCard({ order, error }: { order: AdminOrderDetail; error?: string }) {
  return (
    <Card title="Ongkos Kirim" id="ongkir">
      <p className="mb-3 text-sm text-stone-700">
        Saat ini:{" "}
        <strong data-testid="delivery-fee">
          {order.deliveryFee === null ? "Ditentukan oleh CS via WhatsApp" : orderFeeText(order)}
        </strong>
        <span className="block text-xs text-stone-600" data-testid="delivery-fee-source">
          {orderFeeSourceText(order)}
        </span>
      </p>
      <Form method="post" className="flex items-start gap-2" noValidate>
        <input type="hidden" name="intent" value="fee" />
        <Field label="Ongkos kirim yang disepakati (Rp)" error={error} className="flex-1">
          {(props) => (
            <Input
              {...props}
              name="deliveryFee"
              inputMode="numeric"
              autoComplete="off"
              placeholder="mis. 10000"
              defaultValue={order.deliveryFee ?? ""}
              key={order.deliveryFee ?? "none"}
            />
          )}
        </Field>
        <SubmitButton intent="fee" className="mt-7">
          Simpan Ongkir
        </SubmitButton>
      </Form>
    </Card>
  );
}

function HistoryCard({ order }: { order: AdminOrderDetail }) {
  return (
    <Card title="Riwayat Status" id="riwayat">
      {order.history.length === 0 ? (
        <p className="text-sm text-stone-600">Belum ada riwayat.</p>
      ) : (
        <ol className="space-y-3" data-testid="status-history">
          {order.history.map((h) => (
            <li key={h.id} className="flex gap-3 text-sm">
              <span className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
              <div>
                <p className="flex flex-wrap items-center gap-1.5 font-medium text-stone-900">
                  {h.fromStatus ? (
                    <>
                      <OrderStatusBadge status={h.fromStatus} />
                      <ArrowRight className="h-3.5 w-3.5 text-stone-500" aria-label="menjadi" />
                      <OrderStatusBadge status={h.toStatus} />
                    </>
                  ) : (
                    <>
                      Pesanan dibuat <OrderStatusBadge status={h.toStatus} />
                    </>
                  )}
                </p>
                <p className="text-xs text-stone-600">
                  {formatDateTime(h.createdAt)} · oleh{" "}
                  {h.changedByName
                    ? `${h.changedByName}${isStaffRole(h.changedByRole) ? ` (${ROLE_LABELS[h.changedByRole]})` : ""}`
                    : "akun yang sudah dihapus"}
                  {h.note ? ` · ${h.note}` : ""}
                </p>
                <span className="sr-only">
                  {h.fromStatus
                    ? `${orderStatusLabel(h.fromStatus)} menjadi ${orderStatusLabel(h.toStatus)}`
                    : orderStatusLabel(h.toStatus)}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export default function AdminOrderDetailPage() {
  const { order, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
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
            className={buttonClass({
              className: "bg-green-700 hover:bg-green-800",
            })}
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
        </div>
      </div>
      {actionData?.intent === "unknown" ? <ErrorNote>{actionData.error}</ErrorNote> : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <StatusButtons order={order} error={actionData?.intent === "status" ? actionData.error : undefined} />
          <ProductsCard order={order} />
          <OrderEditsCard
            order={order}
            editing={editing}
            error={
              actionData && isOrderEditIntent(actionData.intent)
                ? { ...actionData, intent: actionData.intent }
                : undefined
            }
          />
          <OrderChangesCard changes={editing.changes} />
          <HistoryCard order={order} />
        </div>
        <div className="space-y-4">
          <CustomerCard order={order} />
          <DeliveryFeeCard order={order} error={actionData?.intent === "fee" ? actionData.error : undefined} />
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
        Kembali ke Dashboard
      </Link>
    </div>
  );
}
