// The dashboard's 'Langganan Tidak Jadi Pesanan' card: a regular's weekly order that could not be
// made (slot full, nothing in stock, minimum not reached). The shopper was told by message; staff
// see it here to call or chat before the delivery.
import { Repeat } from "lucide-react";
import { formatWeekdayDate } from "~/lib/dates";
import { STANDING_OUTCOMES } from "~/lib/vocab/standing-orders";
import { slotName } from "~/lib/vocab/delivery-slots";
import { useAdminDashboardData } from "./dashboard-data";

export function StandingProblemsCard() {
  const { standingProblems, today } = useAdminDashboardData();
  if (standingProblems.length === 0) return null;
  return (
    <section
      id="langganan-gagal"
      aria-labelledby="langganan-gagal-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm"
    >
      <h2 id="langganan-gagal-title" className="flex items-center gap-2 text-base font-bold text-stone-900">
        <Repeat className="h-5 w-5 text-amber-700" aria-hidden="true" /> Langganan Tidak Jadi Pesanan
      </h2>
      <ul className="mt-2 divide-y divide-amber-200" data-testid="standing-problems">
        {standingProblems.map((p) => (
          <li key={p.runId} className="py-2 text-sm text-stone-800">
            <span className="font-semibold">{p.customerName}</span> ({p.phone}) · {formatWeekdayDate(p.date, today)}{" "}
            {slotName(p.slot)} · {STANDING_OUTCOMES[p.outcome].label}
            <span className="block text-stone-700">{p.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
