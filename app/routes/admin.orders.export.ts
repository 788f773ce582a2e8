// /admin/orders/export.csv?from=yyyy-mm-dd&to=yyyy-mm-dd&basis=created|delivery
import { redirectWithFlash } from "~/server/admin-flash.server";
import { exportOrdersCsv, exportSchema } from "~/server/orders/export.server";
import type { Route } from "./+types/admin.orders.export";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

// Outside the admin layout (no panel around a printout or a file), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const params = new URL(request.url).searchParams;
  const parsed = exportSchema.safeParse({
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    basis: params.get("basis") || undefined,
  });
  if (!parsed.success) {
    return redirectWithFlash("/admin/dashboard", {
      tone: "error",
      message: `Ekspor CSV gagal: ${parsed.error.issues[0].message}`,
    });
  }
  const db = await dbOf(context);
  const { csv } = await exportOrdersCsv(db, admin, parsed.data);
  const { from, to, basis } = parsed.data;
  const filename = `pesanan-${basis === "delivery" ? "kirim" : "pesan"}-${from}-sd-${to}.csv`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
