// 'Laporan Penjualan' (owner only): revenue per day, orders per slot, statuses, best sellers
// and cancellations of a date range, with the same figures as a CSV download. The parts are in
// app/components/admin/report-sections.tsx.
import { data, useLoaderData } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import {
  PaymentsCard,
  ReportRangeForm,
  ReportTotals,
  RevenueCard,
  SlotsCard,
  StatusesCard,
  TopProductsCard,
} from "~/components/admin/report-sections";
import { AdminRouteError } from "~/components/admin/route-error";
import { formatDate } from "~/lib/dates";
import { parseReportRange } from "~/lib/reports";
import { shopToday } from "~/server/clock.server";
import { loadSalesReport, revenueSummary } from "~/server/reports/sales.server";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/admin.reports";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export const meta: Route.MetaFunction = () => adminMeta("Laporan Penjualan");

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = actorOf(context, "owner");
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

export default function AdminReports() {
  const { report, summary, today, error } = useLoaderData<typeof loader>();
  const { range } = report;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">Laporan Penjualan</h1>
        <p className="text-sm text-stone-600">
          {formatDate(range.from)} – {formatDate(range.to)} ({report.dayCount} hari). Dihitung menurut tanggal pesanan
          dibuat (WIB); pendapatan adalah subtotal produk dan ongkir dari pesanan yang tidak dibatalkan.
        </p>
      </div>
      <ReportRangeForm range={range} today={today} dayCount={report.dayCount} error={error} />
      <ReportTotals totals={report.totals} />
      <RevenueCard days={report.days} summary={summary} />
      <div className="grid gap-4 md:grid-cols-2">
        <SlotsCard slots={report.slots} />
        <StatusesCard statuses={report.statuses} />
      </div>
      <PaymentsCard payments={report.payments} />
      <TopProductsCard report={report} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Laporan Penjualan" />;
}
