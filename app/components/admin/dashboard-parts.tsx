// The parts of the 'Admin Dashboard' page: the order list (a table on a desktop, cards on a
// phone) with its status picker, the filters, the tabs, the 'Statistik' counters and the CSV export.
import { Form, Link, useNavigation } from "react-router";
import { Search, X, Download, ClipboardList, BarChart3 } from "lucide-react";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { OrderTotalAmount } from "~/components/order-total";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import { PAYMENT_STATUS, PAYMENT_STATUSES } from "~/lib/vocab/payment-statuses";
import { Button, buttonClass } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { addDays, formatDate, formatDateTime } from "~/lib/dates";
import { DELIVERY_SLOTS, slotName } from "~/lib/vocab/delivery-slots";
import { ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from "~/lib/vocab/order-statuses";
import { cn } from "~/lib/utils";
import type { AdminOrderCounts, AdminOrderRow } from "~/server/orders/staff-list.server";
import { formatIndonesianPhone } from "~/lib/phone";
import { useAdminDashboardData } from "./dashboard/dashboard-data";
import { QuickFilters } from "./dashboard/quick-filters";
import { SaveOnChangeSelect } from "./save-on-change-select";

function useReturnTo() {
  const { filters, tab } = useAdminDashboardData();
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.payment) params.set("payment", filters.payment);
  if (filters.date) params.set("date", filters.date);
  if (filters.slot) params.set("slot", filters.slot);
  if (filters.chat) params.set("chat", filters.chat);
  if (filters.page > 1) params.set("page", String(filters.page));
  if (tab === "statistik") params.set("tab", tab);
  const qs = params.toString();
  return `/admin/dashboard${qs ? `?${qs}` : ""}`;
}

function ChatMissingBadge() {
  return (
    <span className="mt-1 inline-block rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
      Belum chat
    </span>
  );
}

function StatusSelect({ order, compact }: { order: AdminOrderRow; compact?: boolean }) {
  const returnTo = useReturnTo();
  return (
    <SaveOnChangeSelect
      label={`Ubah status pesanan #${order.shortId}`}
      value={order.status}
      options={ORDER_STATUS_OPTIONS}
      fields={{ intent: "status", orderId: order.id, returnTo }}
      className={compact ? "w-full" : "w-40"}
    />
  );
}

const ORDER_STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS[s].label }));

function DeliveryCell({ order }: { order: AdminOrderRow }) {
  const slot = slotName(order.deliverySlot);
  return (
    <span>
      Kirim {formatDate(order.deliveryDate)} · {slot} ({order.deliveryTime})
    </span>
  );
}

function TotalCell({ order }: { order: AdminOrderRow }) {
  return (
    <>
      <OrderTotalAmount order={order} className="font-semibold" testId="list-order-total" />
    </>
  );
}

export function OrderTable({ orders }: { orders: AdminOrderRow[] }) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              ID Pesanan
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Pelanggan
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Tanggal
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Total
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 font-semibold">
              Aksi
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {orders.map((order) => (
            <tr key={order.id} data-order-id={order.id} className="align-top">
              <td className="py-3 pr-3">
                <Link
                  to={`/admin/orders/${order.id}`}
                  className="font-mono font-semibold text-brand-800 hover:underline"
                >
                  #{order.shortId}
                </Link>
                <span className="block text-xs text-stone-600">{order.itemCount} barang</span>
              </td>
              <td className="py-3 pr-3">
                <span className="font-medium text-stone-900">{order.recipientName}</span>
                <span className="block text-xs text-stone-600">{formatIndonesianPhone(order.recipientPhone)}</span>
              </td>
              <td className="py-3 pr-3">
                <span className="text-stone-900">{formatDateTime(order.createdAt)}</span>
                <span className="block text-xs text-stone-600">
                  <DeliveryCell order={order} />
                </span>
              </td>
              <td className="py-3 pr-3 text-right">
                <TotalCell order={order} />
              </td>
              <td className="py-3 pr-3">
                <OrderStatusBadge status={order.status} />
                <span className="mt-1 block">
                  <PaymentStatusBadge status={order.paymentStatus} />
                </span>
                {order.chatMissing ? <ChatMissingBadge /> : null}
              </td>
              <td className="py-3">
                <div className="flex items-start gap-2">
                  <StatusSelect order={order} />
                  <Link
                    to={`/admin/orders/${order.id}`}
                    className={buttonClass({
                      variant: "outline",
                      size: "sm",
                      className: "h-10",
                    })}
                  >
                    Detail
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OrderCards({ orders }: { orders: AdminOrderRow[] }) {
  return (
    <ul className="space-y-3 md:hidden">
      {orders.map((order) => (
        <li key={order.id} data-order-id={order.id} className="rounded-xl border border-stone-200 p-3">
          <div className="flex items-center justify-between gap-2">
            <Link to={`/admin/orders/${order.id}`} className="font-mono text-base font-bold text-brand-800">
              #{order.shortId}
            </Link>
            <span className="flex flex-wrap justify-end gap-1">
              <OrderStatusBadge status={order.status} />
              <PaymentStatusBadge status={order.paymentStatus} />
              {order.chatMissing ? <ChatMissingBadge /> : null}
            </span>
          </div>
          <p className="mt-1 font-semibold text-stone-900">{order.recipientName}</p>
          <p className="text-sm text-stone-700">{formatIndonesianPhone(order.recipientPhone)}</p>
          <p className="mt-1 text-xs text-stone-600">
            Dipesan {formatDateTime(order.createdAt)}
            <br />
            <DeliveryCell order={order} />
          </p>
          <p className="mt-2 flex items-baseline justify-between text-sm">
            <span className="text-stone-700">{order.itemCount} barang</span>
            <span className="text-right">
              <TotalCell order={order} />
            </span>
          </p>
          <div className="mt-3 flex items-start gap-2">
            <div className="flex-1">
              <StatusSelect order={order} compact />
            </div>
            <Link
              to={`/admin/orders/${order.id}`}
              className={buttonClass({
                variant: "outline",
                size: "sm",
                className: "h-10",
              })}
            >
              Detail
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function Filters() {
  const { filters } = useAdminDashboardData();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/dashboard";
  const active = Boolean(
    filters.q || filters.status || filters.payment || filters.date || filters.slot || filters.chat,
  );
  return (
    <Form
      key={JSON.stringify(filters)}
      method="get"
      className="space-y-3"
      role="search"
      aria-label="Cari dan saring pesanan"
    >
      <QuickFilters />
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-stone-500"
          aria-hidden="true"
        />
        <label htmlFor="order-search" className="sr-only">
          Cari pesanan
        </label>
        <Input
          id="order-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          placeholder="Cari no. pesanan, nama, atau telepon"
          className="pl-10"
          autoComplete="off"
        />
      </div>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-[1fr_1fr_1fr_1fr_auto]">
        <div>
          <label htmlFor="order-status" className="mb-1 block text-xs font-semibold text-stone-700">
            Status
          </label>
          <Select id="order-status" name="status" defaultValue={filters.status ?? ""}>
            <option value="">Semua</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS[s].label}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="order-payment" className="mb-1 block text-xs font-semibold text-stone-700">
            Pembayaran
          </label>
          <Select id="order-payment" name="payment" defaultValue={filters.payment ?? ""}>
            <option value="">Semua</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PAYMENT_STATUS[s].label}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor="order-slot" className="mb-1 block text-xs font-semibold text-stone-700">
            Waktu kirim
          </label>
          <Select id="order-slot" name="slot" defaultValue={filters.slot ?? ""}>
            <option value="">Pagi &amp; Sore</option>
            <option value="pagi">Pagi ({DELIVERY_SLOTS.pagi.time})</option>
            <option value="sore">Sore ({DELIVERY_SLOTS.sore.time})</option>
          </Select>
        </div>
        <div>
          <label htmlFor="order-date" className="mb-1 block text-xs font-semibold text-stone-700">
            Tanggal kirim
          </label>
          <Input id="order-date" type="date" name="date" defaultValue={filters.date ?? ""} />
        </div>
        <div className="col-span-2 flex items-end gap-2 md:col-span-1">
          <Button type="submit" className="flex-1 md:flex-none" disabled={searching}>
            {searching ? "Memuat..." : "Terapkan"}
          </Button>
          {active ? (
            <Link to="/admin/dashboard" className={buttonClass({ variant: "outline" })}>
              <X className="h-4 w-4" aria-hidden="true" /> Reset
            </Link>
          ) : null}
        </div>
      </div>
    </Form>
  );
}

export function Tabs() {
  const { tab } = useAdminDashboardData();
  const returnTo = useReturnTo();
  const params = new URLSearchParams(returnTo.split("?")[1] ?? "");
  params.delete("tab");
  params.delete("page");
  const base = params.toString();
  const tabs = [
    {
      id: "daftar",
      label: "Daftar Pesanan",
      icon: ClipboardList,
      href: `/admin/dashboard${base ? `?${base}` : ""}`,
    },
    {
      id: "statistik",
      label: "Statistik",
      icon: BarChart3,
      href: `/admin/dashboard?${base ? `${base}&` : ""}tab=statistik`,
    },
  ];
  return (
    <nav aria-label="Tampilan" className="inline-flex gap-1 rounded-xl bg-stone-100 p-1">
      {tabs.map((t) => (
        <Link
          key={t.id}
          to={t.href}
          aria-current={tab === t.id ? "page" : undefined}
          className={cn(
            "inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold",
            tab === t.id ? "bg-white text-brand-800 shadow-sm" : "text-stone-700 hover:text-stone-900",
          )}
        >
          <t.icon className="h-4 w-4" aria-hidden="true" />
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

export function Statistics({ counts }: { counts: AdminOrderCounts }) {
  const cards: {
    label: string;
    value: number;
    status?: OrderStatus;
    tone: string;
  }[] = [
    {
      label: "Total Pesanan",
      value: counts.total,
      tone: "border-stone-300 bg-white text-stone-900",
    },
    {
      label: "Menunggu",
      value: counts.pending,
      status: "pending",
      tone: "border-yellow-300 bg-yellow-50 text-yellow-900",
    },
    {
      label: "Diproses",
      value: counts.processing,
      status: "processing",
      tone: "border-blue-300 bg-blue-50 text-blue-900",
    },
    {
      label: "Selesai",
      value: counts.completed,
      status: "completed",
      tone: "border-green-300 bg-green-50 text-green-900",
    },
  ];
  return (
    <div>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Statistik pesanan">
        {cards.map((c) => (
          <li key={c.label}>
            <Link
              to={c.status ? `/admin/dashboard?status=${c.status}` : "/admin/dashboard"}
              className={cn("block rounded-xl border p-4 hover:shadow-sm", c.tone)}
              data-testid={`stat-${c.status ?? "total"}`}
            >
              <span className="block text-sm font-semibold">{c.label}</span>
              <span className="mt-1 block text-3xl font-black tabular-nums">{c.value.toLocaleString("id-ID")}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-stone-600">
        Dihitung dari semua pesanan. {counts.cancelled.toLocaleString("id-ID")} pesanan dibatalkan.
      </p>
    </div>
  );
}

export function ExportForm() {
  const { today } = useAdminDashboardData();
  return (
    <details className="group mt-4 rounded-xl border border-stone-200 bg-white">
      <summary className="flex min-h-12 cursor-pointer items-center gap-2 px-4 text-sm font-semibold text-stone-800">
        <Download className="h-4 w-4" aria-hidden="true" /> Ekspor pesanan ke CSV (spreadsheet)
      </summary>
      <Form
        method="get"
        action="/admin/orders/export.csv"
        reloadDocument
        className="grid gap-3 border-t border-stone-200 p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      >
        <div>
          <label htmlFor="export-from" className="mb-1 block text-xs font-semibold text-stone-700">
            Dari tanggal
          </label>
          <Input
            id="export-from"
            type="date"
            name="from"
            required
            defaultValue={addDays(today, -6)}
            max={addDays(today, 2)}
          />
        </div>
        <div>
          <label htmlFor="export-to" className="mb-1 block text-xs font-semibold text-stone-700">
            Sampai tanggal
          </label>
          <Input id="export-to" type="date" name="to" required defaultValue={today} max={addDays(today, 2)} />
        </div>
        <div>
          <label htmlFor="export-basis" className="mb-1 block text-xs font-semibold text-stone-700">
            Berdasarkan
          </label>
          <Select id="export-basis" name="basis" defaultValue="created">
            <option value="created">Tanggal pesan</option>
            <option value="delivery">Tanggal kirim</option>
          </Select>
        </div>
        <Button type="submit" variant="secondary">
          <Download className="h-4 w-4" aria-hidden="true" /> Unduh CSV
        </Button>
      </Form>
    </details>
  );
}
