// The parts of 'Laporan Penjualan': the range form with its quick ranges, the totals, and a
// card a figure (revenue per day, slots, statuses, payments, best sellers), each a chart and
// the same numbers in a ReportTable.
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Card, ErrorNote } from "~/components/admin/card";
import { BarChart, RevenueChart } from "~/components/admin/report-charts";
import { ReportTable } from "~/components/admin/report-table";
import { Button, buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { addDays, formatDate } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import {
  formatCount,
  formatPercent,
  productAmount,
  REPORT_MAX_DAYS,
  type ProductFigures,
  type ReportRange,
  type ReportRangeField,
  type SalesReport,
} from "~/lib/reports";
import { cn } from "~/lib/utils";

export type ReportRangeError = { message: string; field: ReportRangeField; values: ReportRange };

function rangeQuery(range: ReportRange): string {
  return `from=${range.from}&to=${range.to}`;
}

function DateField({
  name,
  label,
  today,
  value,
  invalid,
}: {
  name: ReportRangeField;
  label: string;
  today: string;
  value: string;
  invalid: boolean;
}) {
  return (
    <div>
      <label htmlFor={`report-${name}`} className="mb-1 block text-xs font-semibold text-stone-700">
        {label}
      </label>
      <Input
        id={`report-${name}`}
        type="date"
        name={name}
        max={today}
        defaultValue={value}
        aria-invalid={invalid ? true : undefined}
      />
    </div>
  );
}

/** The dates to show (a plain GET form), the CSV of what is shown, and the quick ranges. */
export function ReportRangeForm({
  range,
  today,
  dayCount,
  error,
}: {
  range: ReportRange;
  today: string;
  dayCount: number;
  error: ReportRangeError | null;
}) {
  const presets = [7, 30, 90, 365].map((days) => ({
    label: days === 365 ? "1 tahun" : `${days} hari`,
    range: { from: addDays(today, -(days - 1)), to: today },
  }));
  const formValues = error ? error.values : range;
  return (
    <Card>
      <Form
        method="get"
        key={`${formValues.from}-${formValues.to}`}
        className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
        aria-describedby={error ? "report-range-error" : undefined}
      >
        <DateField
          name="from"
          label="Dari tanggal"
          today={today}
          value={formValues.from}
          invalid={error?.field === "from"}
        />
        <DateField
          name="to"
          label="Sampai tanggal"
          today={today}
          value={formValues.to}
          invalid={error?.field === "to"}
        />
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
            {error.message} Ditampilkan {dayCount} hari terakhir.
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
  );
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

export function ReportTotals({ totals }: { totals: SalesReport["totals"] }) {
  return (
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
  );
}

export function RevenueCard({ days, summary }: { days: SalesReport["days"]; summary: string }) {
  return (
    <Card title="Pendapatan per hari" id="revenue">
      <RevenueChart days={days} summary={summary} />
      <details className="group mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">Tabel pendapatan per hari</summary>
        <div className="mt-2 max-h-96 overflow-auto">
          <ReportTable
            caption="Pendapatan, pesanan dan pembatalan per hari"
            testId="report-days"
            stickyHeader
            rows={[...days].reverse()}
            rowKey={(d) => d.day}
            columns={[
              // The date may wrap on a phone, so the last column is not cut off at the box's edge.
              { header: "Tanggal", cell: (d) => formatDate(d.day), cellClassName: "sm:whitespace-nowrap" },
              { header: "Pesanan", numeric: true, cell: (d) => formatCount(d.orders) },
              { header: "Pendapatan", numeric: true, cell: (d) => formatRupiah(d.revenue) },
              { header: "Batal", numeric: true, cell: (d) => formatCount(d.cancelledOrders) },
            ]}
          />
        </div>
      </details>
    </Card>
  );
}

export function SlotsCard({ slots }: { slots: SalesReport["slots"] }) {
  return (
    <Card title="Pesanan per slot" id="slots">
      <BarChart
        title="Pesanan per slot pengiriman"
        description={slots.map((s) => `${s.label}: ${s.orders} pesanan, ${formatRupiah(s.revenue)}`).join("; ")}
        rows={slots.map((s) => ({
          label: slotLabel(s.slot),
          value: s.orders,
          text: `${formatCount(s.orders)} pesanan`,
        }))}
      />
      <ReportTable
        caption="Pesanan dan pendapatan per slot"
        testId="report-slots"
        className="mt-3"
        rows={slots}
        rowKey={(s) => s.slot}
        columns={[
          { header: "Slot", rowHeader: true, cell: (s) => s.label },
          { header: "Pesanan", numeric: true, cell: (s) => formatCount(s.orders) },
          { header: "Pendapatan", numeric: true, cell: (s) => formatRupiah(s.revenue) },
        ]}
      />
    </Card>
  );
}

export function StatusesCard({ statuses }: { statuses: SalesReport["statuses"] }) {
  return (
    <Card title="Status pesanan" id="statuses">
      <BarChart
        title="Pesanan per status"
        description={statuses.map((s) => `${s.label}: ${s.orders} pesanan`).join("; ")}
        rows={statuses.map((s) => ({ label: s.label, value: s.orders, text: formatCount(s.orders) }))}
      />
      <ReportTable
        caption="Pesanan dan nilainya per status"
        testId="report-statuses"
        className="mt-3"
        rows={statuses}
        rowKey={(s) => s.status}
        columns={[
          { header: "Status", rowHeader: true, cell: (s) => s.label },
          { header: "Pesanan", numeric: true, cell: (s) => formatCount(s.orders) },
          { header: "Nilai", numeric: true, cell: (s) => formatRupiah(s.value) },
        ]}
      />
    </Card>
  );
}

export function PaymentsCard({ payments }: { payments: SalesReport["payments"] }) {
  return (
    <Card title="Status pembayaran" id="payments">
      <p className="mb-3 text-xs text-stone-600">
        Pesanan yang tidak dibatalkan, menurut status pembayarannya. Diterima = jumlah yang dicatat saat
        <strong> Tandai Lunas</strong>.
      </p>
      <div className="grid gap-4 md:grid-cols-2 md:items-start">
        <BarChart
          title="Pesanan per status pembayaran"
          description={payments.map((p) => `${p.label}: ${p.orders} pesanan, ${formatRupiah(p.value)}`).join("; ")}
          rows={payments.map((p) => ({ label: p.label, value: p.value, text: formatRupiah(p.value) }))}
        />
        <ReportTable
          caption="Pesanan, nilai dan uang diterima per status pembayaran"
          testId="report-payments"
          rows={payments}
          rowKey={(p) => p.status}
          columns={[
            { header: "Pembayaran", rowHeader: true, cell: (p) => p.label },
            { header: "Pesanan", numeric: true, cell: (p) => formatCount(p.orders) },
            { header: "Nilai", numeric: true, cell: (p) => formatRupiah(p.value) },
            { header: "Diterima", numeric: true, cell: (p) => formatRupiah(p.paid) },
          ]}
        />
      </div>
    </Card>
  );
}

function TopProducts({
  title,
  products,
  amountLabel,
  testId,
}: {
  title: string;
  products: ProductFigures[];
  amountLabel: string;
  testId: string;
}) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-bold text-stone-900">{title}</h3>
      {products.length === 0 ? (
        <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-600">Belum ada penjualan.</p>
      ) : (
        <ReportTable
          caption={title}
          testId={testId}
          rows={products}
          rowKey={(p) => `${p.key}-${p.soldByWeight}`}
          columns={[
            {
              header: "#",
              cell: (_, i) => i + 1,
              headerClassName: "w-6",
              cellClassName: "text-stone-500 tabular-nums",
            },
            { header: "Produk", cell: (p) => p.name, cellClassName: "font-semibold break-words text-stone-900" },
            { header: amountLabel, numeric: true, cell: (p) => productAmount(p) },
            { header: "Pendapatan", numeric: true, cell: (p) => formatRupiah(p.revenue) },
          ]}
        />
      )}
    </div>
  );
}

export function TopProductsCard({ report }: { report: SalesReport }) {
  return (
    <Card title="Produk terlaris" id="top-products">
      <p className="mb-3 text-xs text-stone-600">
        Dari pesanan yang tidak dibatalkan. Produk satuan dan produk timbang diurutkan terpisah menurut jumlahnya.
      </p>
      <div className="grid gap-5 lg:grid-cols-3">
        <TopProducts
          title="Menurut pendapatan"
          products={report.topByRevenue}
          amountLabel="Terjual"
          testId="top-revenue"
        />
        <TopProducts
          title="Menurut jumlah (satuan)"
          products={report.topByUnits}
          amountLabel="Jumlah"
          testId="top-units"
        />
        <TopProducts
          title="Menurut berat (ditimbang)"
          products={report.topByWeight}
          amountLabel="Berat"
          testId="top-weight"
        />
      </div>
    </Card>
  );
}
