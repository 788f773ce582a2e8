// /orders: the customer's orders, searched, filtered and paged on the server.
import { useState } from "react";
import { Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { ReorderButton } from "~/components/order-reorder";
import { ChevronLeft, ChevronRight, ClipboardList, Search, SlidersHorizontal, Truck } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import type { Route } from "./+types/orders";
import { OrderItemImage } from "~/components/order-item-image";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { OrderTotalAmount } from "~/components/order-total";
import { Button, buttonClass } from "~/components/ui/button";
import { SheetContent } from "~/components/ui/dialog";
import { Input, Select } from "~/components/ui/field";
import { formatDate, formatDateWithDay } from "~/lib/dates";
import { shortOrderId } from "~/lib/orders";
import { ORDER_STATUS, ORDER_STATUSES } from "~/lib/vocab/order-statuses";
import { cn } from "~/lib/utils";
import {
  listOrdersForCustomer,
  parseCustomerOrdersQuery,
  type CustomerOrderCard,
  type CustomerOrdersQuery,
} from "~/server/orders/customer.server";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "customer" })];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Pesanan Saya", shopNameFrom(matches)) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = actorOf(context, "customer");
  const query = parseCustomerOrdersQuery(new URL(request.url).searchParams);
  const page = await listOrdersForCustomer(await dbOf(context), user.id, query);
  return { query: { ...query, page: page.page }, ...page };
}

const STATUS_TABS = [
  { value: "all", label: "Semua" },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS[s].label })),
] as const;

const TIME_OPTIONS = [
  { value: "all", label: "Semua Waktu" },
  { value: "week", label: "7 Hari Terakhir" },
  { value: "month", label: "1 Bulan Terakhir" },
  { value: "3months", label: "3 Bulan Terakhir" },
] as const;

/** One filter of the phone's filter sheet: its choices as radio buttons, two to a row. */
function SheetChoices({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-semibold text-stone-900">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              "flex min-h-11 items-center gap-2 rounded-lg border px-3",
              value === o.value ? "border-brand-700 bg-brand-50" : "border-stone-300",
            )}
          >
            <input
              type="radio"
              name={name}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The list's address for a query; defaults are left out so links stay short. */
function ordersHref(query: CustomerOrdersQuery, patch: Partial<CustomerOrdersQuery>): string {
  const next = { ...query, page: 1, ...patch };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.status !== "all") params.set("status", next.status);
  if (next.time !== "all") params.set("time", next.time);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/orders?${search}` : "/orders";
}

function OrderCard({ order }: { order: CustomerOrderCard }) {
  const extra = order.itemCount - order.thumbnails.length;
  return (
    <li>
      <Link
        to={`/orders/${order.id}`}
        className="hover:border-brand-300 block rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition-colors focus-visible:border-brand-700"
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs text-stone-600">{formatDate(order.createdAt)}</p>
            <p className="font-bold text-stone-900">
              {/* The link's name is its whole text, so a screen reader hears the status and total too. */}
              <span className="sr-only">Pesanan </span>#{shortOrderId(order.id)}
            </p>
          </div>
          <OrderStatusBadge status={order.status} />
        </div>
        <div className="mt-3 flex items-center gap-2">
          <span className="sr-only">{order.itemCount} produk:</span>
          {order.thumbnails.map((t, i) => (
            <OrderItemImage key={`${t.name}-${i}`} src={t.imageUrl} alt={t.name} className="h-12 w-12" />
          ))}
          {extra > 0 ? (
            <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-stone-100 text-sm font-semibold text-stone-700">
              +{extra}
            </span>
          ) : null}
        </div>
        <div className="mt-3 space-y-1 border-t border-stone-100 pt-3 text-sm">
          <p className="flex items-center gap-1.5 text-stone-700">
            <Truck className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              Pengiriman {formatDateWithDay(order.deliveryDate)}, {order.deliveryTime}
            </span>
          </p>
          <div className="flex items-baseline justify-between gap-3">
            <span className="text-stone-600">Total</span>
            <span className="text-right">
              <OrderTotalAmount order={order} className="text-base font-extrabold text-brand-800" />
            </span>
          </div>
        </div>
      </Link>
      <div className="mt-2 flex justify-end">
        <ReorderButton orderId={order.id} />
      </div>
    </li>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, page, pageCount, hasAnyOrder } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const navigate = useNavigate();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetStatus, setSheetStatus] = useState<string>(query.status);
  const [sheetTime, setSheetTime] = useState<string>(query.time);
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/orders";
  const activeFilters = (query.status !== "all" ? 1 : 0) + (query.time !== "all" ? 1 : 0);
  const filtered = activeFilters > 0 || query.q !== "";

  return (
    <div className="mx-auto max-w-4xl px-4 pt-6 pb-24 md:pt-10 md:pb-12">
      <h1 className="text-2xl font-extrabold text-stone-900 md:text-3xl">Pesanan Saya</h1>

      {hasAnyOrder ? (
        <div className="mt-5 space-y-3">
          <Form method="get" role="search" className="flex gap-2" aria-label="Cari pesanan">
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-500"
                aria-hidden="true"
              />
              <Input
                key={query.q}
                type="search"
                name="q"
                defaultValue={query.q}
                maxLength={100}
                placeholder="Cari pesanan"
                aria-label="Cari pesanan"
                className="pl-9"
              />
            </div>
            {query.status !== "all" ? <input type="hidden" name="status" value={query.status} /> : null}
            <div className="w-52 shrink-0 max-md:hidden">
              <Select
                name="time"
                defaultValue={query.time}
                key={query.time}
                aria-label="Waktu pesanan"
                onChange={(e) => submit(e.currentTarget.form)}
              >
                {TIME_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="outline" className="max-md:hidden">
              Cari
            </Button>
            <D.Root
              open={sheetOpen}
              onOpenChange={(open) => {
                setSheetOpen(open);
                if (open) {
                  setSheetStatus(query.status);
                  setSheetTime(query.time);
                }
              }}
            >
              <D.Trigger className={buttonClass({ variant: "outline", className: "relative md:hidden" })}>
                <SlidersHorizontal className="h-4 w-4" aria-hidden="true" /> Filter
                {activeFilters > 0 ? (
                  <span className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-[11px] leading-5 font-bold text-white">
                    {activeFilters}
                  </span>
                ) : null}
              </D.Trigger>
              <SheetContent title="Filter Pesanan">
                <div className="space-y-5 p-4">
                  <SheetChoices
                    legend="Status"
                    name="sheet-status"
                    options={STATUS_TABS}
                    value={sheetStatus}
                    onChange={setSheetStatus}
                  />
                  <SheetChoices
                    legend="Waktu"
                    name="sheet-time"
                    options={TIME_OPTIONS}
                    value={sheetTime}
                    onChange={setSheetTime}
                  />
                  <div className="grid grid-cols-2 gap-3 pb-2">
                    <Button
                      variant="outline"
                      onClick={() => {
                        setSheetStatus("all");
                        setSheetTime("all");
                      }}
                    >
                      Reset
                    </Button>
                    <Button
                      onClick={() => {
                        setSheetOpen(false);
                        navigate(
                          ordersHref(query, {
                            status: sheetStatus as CustomerOrdersQuery["status"],
                            time: sheetTime as CustomerOrdersQuery["time"],
                          }),
                        );
                      }}
                    >
                      Terapkan
                    </Button>
                  </div>
                </div>
              </SheetContent>
            </D.Root>
          </Form>

          <nav aria-label="Status pesanan" className="hidden md:block">
            <ul className="inline-flex gap-1 rounded-xl bg-stone-100 p-1">
              {STATUS_TABS.map((tab) => {
                const active = query.status === tab.value;
                return (
                  <li key={tab.value}>
                    <Link
                      to={ordersHref(query, { status: tab.value })}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "inline-flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold",
                        active ? "bg-white text-brand-800 shadow-sm" : "text-stone-700 hover:text-stone-900",
                      )}
                    >
                      {tab.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          {filtered ? (
            <div className="flex items-center justify-between gap-3 text-sm">
              <p className="text-stone-700">{total} pesanan ditemukan</p>
              <Link to="/orders" className="font-semibold text-brand-800 hover:underline">
                Reset
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}

      <div className={cn("mt-5 transition-opacity", loading && "opacity-60")} aria-busy={loading}>
        {!hasAnyOrder ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-4 py-14 text-center">
            <ClipboardList className="h-14 w-14 text-stone-400" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-bold text-stone-900">Belum Ada Pesanan</h2>
            <p className="mt-1 text-stone-700">Anda belum pernah memesan. Yuk, pilih sayur segar untuk besok!</p>
            <Link to="/products" className={buttonClass({ className: "mt-5" })}>
              Mulai Belanja
            </Link>
          </div>
        ) : orders.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-4 py-14 text-center">
            <Search className="h-14 w-14 text-stone-400" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-bold text-stone-900">Tidak Ada Pesanan Ditemukan</h2>
            <p className="mt-1 text-stone-700">Coba kata kunci lain atau ubah filter status dan waktu.</p>
            <Link to="/orders" className={buttonClass({ variant: "outline", className: "mt-5" })}>
              Reset Filter
            </Link>
          </div>
        ) : (
          <ul className="space-y-3">
            {orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </div>

      {pageCount > 1 ? (
        <nav aria-label="Halaman" className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={ordersHref(query, { page: page - 1 })} className={buttonClass({ variant: "outline" })} rel="prev">
              <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Sebelumnya
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-stone-700">
            Halaman {page} dari {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={ordersHref(query, { page: page + 1 })} className={buttonClass({ variant: "outline" })} rel="next">
              Berikutnya <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
