// /langganan: 'Langganan Saya', the shopper's weekly baskets and what each brings next.
import { Link } from "react-router";
import { CalendarClock, Repeat } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { formatWeekdayDate, shopDate } from "~/lib/dates";
import { pageMeta } from "~/lib/page-meta";
import { STANDING_OUTCOMES, STANDING_STATUSES } from "~/lib/vocab/standing-orders";
import { slotName } from "~/lib/vocab/delivery-slots";
import { weekdaysText } from "~/lib/vocab/weekdays";
import { listStandingOrders } from "~/server/standing-orders/standing-orders.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import { now } from "~/server/clock.server";
import type { Route } from "./+types/langganan";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "customer" })];

export async function loader({ context }: Route.LoaderArgs) {
  const user = actorOf(context, "customer");
  const at = now();
  return { standing: await listStandingOrders(await dbOf(context), user.id, at), today: shopDate(at) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Langganan Saya",
    description: "Belanja mingguan yang dipesan otomatis.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
}

export default function StandingOrders({ loaderData }: Route.ComponentProps) {
  const { standing, today } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-extrabold text-stone-900 md:text-3xl">Langganan Saya</h1>
      {standing.length === 0 ? (
        <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-6 text-stone-700">
          <Repeat className="h-8 w-8 text-green-700" aria-hidden="true" />
          <p className="font-medium text-stone-900">Belum ada langganan.</p>
          <p className="text-sm">
            Belanja yang sama setiap minggu? Buka salah satu pesanan Anda lalu pilih &lsquo;Jadikan Langganan&rsquo;,
            atau pilih &lsquo;Jadikan Langganan&rsquo; di keranjang. Pesanannya dibuat otomatis sebelum batas pesan, dan
            Anda masih bisa mengubah atau melewatinya.
          </p>
          <Link to="/orders" className={buttonClass({ variant: "outline" })}>
            Lihat Pesanan Saya
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {standing.map((s) => {
            const next = s.upcoming.find((u) => u.outcome !== "skipped");
            return (
              <li key={s.id} className="rounded-xl border border-stone-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="space-y-1">
                    <p className="font-semibold text-stone-900">
                      Setiap {weekdaysText(s.weekdays)}, {slotName(s.slot)}
                    </p>
                    <p className="text-sm text-stone-600">
                      {s.lines.length} produk · {s.areaName}
                      {s.status === "stopped" ? ` · ${STANDING_STATUSES.stopped.label}` : ""}
                      {s.status === "active" && s.pausedUntil
                        ? ` · Dijeda sampai ${formatWeekdayDate(s.pausedUntil, today)}`
                        : ""}
                    </p>
                    {next ? (
                      <p className="flex items-center gap-1.5 text-sm text-stone-700">
                        <CalendarClock className="h-4 w-4 text-green-700" aria-hidden="true" />
                        Berikutnya: {formatWeekdayDate(next.date, today)}
                        {next.outcome ? ` (${STANDING_OUTCOMES[next.outcome].label})` : ""}
                      </p>
                    ) : null}
                  </div>
                  <Link to={`/langganan/${s.id}`} className={buttonClass({ variant: "outline" })}>
                    Kelola
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
