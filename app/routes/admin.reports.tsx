// 'Laporan Penjualan' (owner only): revenue per day, orders per slot, statuses, best sellers
// and cancellations of a date range, with the same figures as a CSV download.
import { data, Form, Link, useLoaderData } from "react-router";
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { BarChart, RevenueChart } from "~/components/admin/report-charts";
import { AdminRouteError } from "~/components/admin/route-error";
import { Button, buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { addDays, formatDate } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { DELIVERY_SLOTS } from "~/lib/orders";
import {
  formatCount,
  formatPercent,
  parseReportRange,
  productAmount,
  REPORT_MAX_DAYS,
  type ProductFigures,
  type ReportRange,
} from "~/lib/reports";
import { cn } from "~/lib/utils";
import { shopToday } from "~/server/clock.server";
import { loadSalesReport, revenueSummary } from "~/server/reports.server";
import { dbOf, requireOwnerOf } from "~/server/request-context.server";
import { cachePolicy } from "~/server/http-cache.server";
import type { Route } from "./+types/admin.reports";

export const middleware: Route.MiddlewareFunction[] = [cachePolicy("private")];

export const meta: Route.MetaFunction = () => adminMeta("Laporan Penjualan");

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = await requireOwnerOf(context);
  const today = shopToday();
  const parsed = parseReportRange(new URL(request.url).searchParams, today);
  const report = await loadSalesReport(await dbOf(context), owner, parsed.range);
  const body = {
    report,
    summary: revenueSummary(report),
    today,
    error: parsed.ok ? null : { message: parsed.message, field: parsed.field, values: parsed.values },
  };
  // A bad range still shows the default figures, under the message saying what to fix.
  return parsed.ok ? body : data(body, { status: 400 });
}

function rangeQuery(range: ReportRange): string {
  return `from=${range.from}&to=${range.to}`;
}

function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm md:p-4">
      <dt className="text-xs font-semibold text-stone-600">{label}</dt>
      <dd className="mt-1 text-lg font-extrabold text-stone-900 tabular-nums md:text-2xl">{value}</dd>
      {note ? <dd className="text-xs text-stone-600">{note}</dd> : null}
    </div>
  );
}

const th = "py-2 pr-2 font-semibold";
const thNum = "py-2 pl-2 text-right font-semibold";
const td = "py-2 pr-2";
const tdNum = "py-2 pl-2 text-right tabular-nums whitespace-nowrap";

function ProductTable({
  caption,
  products,
  amountLabel,
  testId,
}: {
  caption: string;
  products: ProductFigures[];
  amountLabel: string;
  testId: string;
}) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-bold text-stone-900">{caption}</h3>
      {products.length === 0 ? (
        <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-600">Belum ada penjualan.</p>
      ) : (
        <table className="w-full text-left text-sm" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-stone-200 text-xs text-stone-600">
            <tr>
              <th scope="col" className={cn(th, "w-6")}>
                #
              </th>
              <th scope="col" className={th}>
                Produk
              </th>
              <th scope="col" className={thNum}>
                {amountLabel}
              </th>
              <th scope="col" className={thNum}>
                Pendapatan
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {products.map((p, i) => (
              <tr key={`${p.key}-${p.soldByWeight}`}>
                <td className={cn(td, "text-stone-500 tabular-nums")}>{i + 1}</td>
                <td className={cn(td, "font-semibold break-words text-stone-900")}>{p.name}</td>
                <td className={tdNum}>{productAmount(p)}</td>
                <td className={tdNum}>{formatRupiah(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default function AdminReports() {
  const { report, summary, today, error } = useLoaderData<typeof loader>();
  const { totals, range } = report;
  const presets = [7, 30, 90, 365].map((days) => ({
    label: days === 365 ? "1 tahun" : `${days} hari`,
    range: { from: addDays(today, -(days - 1)), to: today },
  }));
  const formValues = error ? error.values : range;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">Laporan Penjualan</h1>
        <p className="text-sm text-stone-600">
          {formatDate(range.from)} – {formatDate(range.to)} ({report.dayCount} hari). Dihitung menurut tanggal pesanan
          dibuat (WIB); pendapatan adalah subtotal produk dan ongkos kirim dari pesanan yang tidak dibatalkan.
        </p>
      </div>

      <Card>
        <Form
          method="get"
          key={`${formValues.from}-${formValues.to}`}
          className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
          aria-describedby={error ? "report-range-error" : undefined}
        >
          <div>
            <label htmlFor="report-from" className="mb-1 block text-xs font-semibold text-stone-700">
              Dari tanggal
            </label>
            <Input
              id="report-from"
              type="date"
              name="from"
              max={today}
              defaultValue={formValues.from}
              aria-invalid={error?.field === "from" ? true : undefined}
            />
          </div>
          <div>
            <label htmlFor="report-to" className="mb-1 block text-xs font-semibold text-stone-700">
              Sampai tanggal
            </label>
            <Input
              id="report-to"
              type="date"
              name="to"
              max={today}
              defaultValue={formValues.to}
              aria-invalid={error?.field === "to" ? true : undefined}
            />
          </div>
          <Button type="submit" className="self-end">
            Tampilkan
          </Button>
          <a
            href={`/admin/reports/export.csv?${rangeQuery(range)}`}
            download
            className={buttonClass({ variant: "outline", className: "self-end" })}
          >
            <Download className="h-4 w-4" aria-hidden="true" /> Unduh CSV
          </a>
        </Form>
        {error ? (
          <div id="report-range-error" className="mt-3">
            <ErrorNote>
              {error.message} Ditampilkan {report.dayCount} hari terakhir.
            </ErrorNote>
          </div>
        ) : null}
        <p className="mt-2 text-xs text-stone-600">Paling panjang {REPORT_MAX_DAYS} hari sekali tampil.</p>
        <nav aria-label="Rentang cepat" className="mt-3 flex flex-wrap gap-2">
          {presets.map((p) => {
            const active = !error && p.range.from === range.from && p.range.to === range.to;
            return (
              <Link
                key={p.label}
                to={`/admin/reports?${rangeQuery(p.range)}`}
                aria-current={active ? "true" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-full border px-3 text-sm font-semibold",
                  active
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-stone-300 bg-white text-stone-800 hover:border-brand-700",
                )}
              >
                {p.label}
              </Link>
            );
          })}
        </nav>
      </Card>

      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4 md:gap-3" data-testid="report-totals">
        <Stat
          label="Pendapatan"
          value={formatRupiah(totals.revenue)}
          note={`Produk ${formatRupiah(totals.itemsTotal)} · ongkir ${formatRupiah(totals.feeTotal)}`}
        />
        <Stat label="Pesanan" value={formatCount(totals.orders)} note="tidak termasuk yang dibatalkan" />
        <Stat label="Rata-rata per pesanan" value={formatRupiah(totals.averageOrderValue)} />
        <Stat
          label="Dibatalkan"
          value={formatCount(totals.cancelledOrders)}
          note={`${formatPercent(totals.cancelledOrders, totals.placedOrders)} dari pesanan · ${formatRupiah(totals.cancelledValue)}`}
        />
      </dl>

      <Card title="Pendapatan per hari" id="revenue">
        <RevenueChart days={report.days} summary={summary} />
        <details className="group mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">Tabel pendapatan per hari</summary>
          <div className="mt-2 max-h-96 overflow-auto">
            <table className="w-full text-left text-sm" data-testid="report-days">
              <caption className="sr-only">Pendapatan, pesanan dan pembatalan per hari</caption>
              <thead className="sticky top-0 border-b border-stone-200 bg-white text-xs text-stone-600">
                <tr>
                  <th scope="col" className={th}>
                    Tanggal
                  </th>
                  <th scope="col" className={thNum}>
                    Pesanan
                  </th>
                  <th scope="col" className={thNum}>
                    Pendapatan
                  </th>
                  <th scope="col" className={thNum}>
                    Batal
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {[...report.days].reverse().map((d) => (
                  <tr key={d.day}>
                    <td className={cn(td, "whitespace-nowrap")}>{formatDate(d.day)}</td>
                    <td className={tdNum}>{formatCount(d.orders)}</td>
                    <td className={tdNum}>{formatRupiah(d.revenue)}</td>
                    <td className={tdNum}>{formatCount(d.cancelledOrders)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Pesanan per slot" id="slots">
          <BarChart
            title="Pesanan per slot pengiriman"
            description={report.slots
              .map((s) => `${s.label}: ${s.orders} pesanan, ${formatRupiah(s.revenue)}`)
              .join("; ")}
            rows={report.slots.map((s) => ({
              label: `${s.label} (${DELIVERY_SLOTS[s.slot].time})`,
              value: s.orders,
              text: `${formatCount(s.orders)} pesanan`,
            }))}
          />
          <table className="mt-3 w-full text-left text-sm" data-testid="report-slots">
            <caption className="sr-only">Pesanan dan pendapatan per slot</caption>
            <thead className="border-b border-stone-200 text-xs text-stone-600">
              <tr>
                <th scope="col" className={th}>
                  Slot
                </th>
                <th scope="col" className={thNum}>
                  Pesanan
                </th>
                <th scope="col" className={thNum}>
                  Pendapatan
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {report.slots.map((s) => (
                <tr key={s.slot}>
                  <th scope="row" className={cn(td, "font-semibold")}>
                    {s.label}
                  </th>
                  <td className={tdNum}>{formatCount(s.orders)}</td>
                  <td className={tdNum}>{formatRupiah(s.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>

        <Card title="Status pesanan" id="statuses">
          <BarChart
            title="Pesanan per status"
            description={report.statuses.map((s) => `${s.label}: ${s.orders} pesanan`).join("; ")}
            rows={report.statuses.map((s) => ({ label: s.label, value: s.orders, text: formatCount(s.orders) }))}
          />
          <table className="mt-3 w-full text-left text-sm" data-testid="report-statuses">
            <caption className="sr-only">Pesanan dan nilainya per status</caption>
            <thead className="border-b border-stone-200 text-xs text-stone-600">
              <tr>
                <th scope="col" className={th}>
                  Status
                </th>
                <th scope="col" className={thNum}>
                  Pesanan
                </th>
                <th scope="col" className={thNum}>
                  Nilai
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {report.statuses.map((s) => (
                <tr key={s.status}>
                  <th scope="row" className={cn(td, "font-semibold")}>
                    {s.label}
                  </th>
                  <td className={tdNum}>{formatCount(s.orders)}</td>
                  <td className={tdNum}>{formatRupiah(s.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>

      <Card title="Status pembayaran" id="payments">
        <p className="mb-3 text-xs text-stone-600">
          Pesanan yang tidak dibatalkan, menurut status pembayarannya. Diterima = jumlah yang dicatat saat
          <strong> Tandai Lunas</strong>.
        </p>
        <div className="grid gap-4 md:grid-cols-2 md:items-start">
          <BarChart
            title="Pesanan per status pembayaran"
            description={report.payments
              .map((p) => `${p.label}: ${p.orders} pesanan, ${formatRupiah(p.value)}`)
              .join("; ")}
            rows={report.payments.map((p) => ({ label: p.label, value: p.value, text: formatRupiah(p.value) }))}
          />
          <table className="w-full text-left text-sm" data-testid="report-payments">
            <caption className="sr-only">Pesanan, nilai dan uang diterima per status pembayaran</caption>
            <thead className="border-b border-stone-200 text-xs text-stone-600">
              <tr>
                <th scope="col" className={th}>
                  Pembayaran
                </th>
                <th scope="col" className={thNum}>
                  Pesanan
                </th>
                <th scope="col" className={thNum}>
                  Nilai
                </th>
                <th scope="col" className={thNum}>
                  Diterima
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {report.payments.map((p) => (
                <tr key={p.status}>
                  <th scope="row" className={cn(td, "font-semibold")}>
                    {p.label}
                  </th>
                  <td className={tdNum}>{formatCount(p.orders)}</td>
                  <td className={tdNum}>{formatRupiah(p.value)}</td>
                  <td className={tdNum}>{formatRupiah(p.paid)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Card title="Produk terlaris" id="top-products">
        <p className="mb-3 text-xs text-stone-600">
          Dari pesanan yang tidak dibatalkan. Produk satuan dan produk timbang diurutkan terpisah menurut jumlahnya.
        </p>
        <div className="grid gap-5 lg:grid-cols-3">
          <ProductTable
            caption="Menurut pendapatan"
            products={report.topByRevenue}
            amountLabel="Terjual"
            testId="top-revenue"
          />
          <ProductTable
            caption="Menurut jumlah (satuan)"
            products={report.topByUnits}
            amountLabel="Jumlah"
            testId="top-units"
          />
          <ProductTable
            caption="Menurut berat (ditimbang)"
            products={report.topByWeight}
            amountLabel="Berat"
            testId="top-weight"
          />
        </div>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Laporan Penjualan" />;
}
