// /admin/reports/export.csv?from=yyyy-mm-dd&to=yyyy-mm-dd: the sales report's figures as a
// spreadsheet file (owner only).
import { redirectWithFlash } from "~/server/admin-flash.server";
import { shopToday } from "~/server/clock.server";
import { loadSalesReport, salesReportCsv, salesReportFilename } from "~/server/reports/sales.server";
import { dbOf } from "~/server/request-context.server";
import { parseReportRange } from "~/lib/reports";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/admin.reports.export";
import { actorOf } from "~/server/accounts/access.server";

// Outside the admin layout (a file, no panel around it), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = actorOf(context, "owner");
  const parsed = parseReportRange(new URL(request.url).searchParams, shopToday());
  if (!parsed.ok) {
    return redirectWithFlash("/admin/reports", { tone: "error", message: `Unduh CSV gagal: ${parsed.message}` });
  }
  const report = await loadSalesReport(await dbOf(context), owner, parsed.range);
  return new Response(salesReportCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${salesReportFilename(parsed.range)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
