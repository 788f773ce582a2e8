// /admin/prices/export.csv: 'Unduh CSV' of the price board (owner and staff).
import { priceBoardCsv } from "~/server/catalog/price-csv.server";
import { shopToday } from "~/server/clock.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import type { Route } from "./+types/admin.prices.export";
import { actorOf } from "~/server/accounts/access.server";

// Outside the admin layout (a file, no panel around it), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const csv = await priceBoardCsv(await dbOf(context), admin);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="harga-${shopToday()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
