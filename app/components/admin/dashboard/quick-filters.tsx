// The dashboard's quick filters: tomorrow's slots with their orders against the quota
// ('Besok Pagi 7/20'), all of tomorrow, and today. Cancelled orders are not counted. Then
// 'Belum chat': waiting orders whose chat has not reached the shop.
import { Link } from "react-router";
import { SlotChipLink } from "~/components/admin/slot-chip";
import { cn } from "~/lib/utils";
import { useAdminDashboardData } from "./dashboard-data";

export function QuickFilters() {
  const { filters, tomorrow, today, slotChips, chatMissing } = useAdminDashboardData();
  const dayCount = (date: string) => slotChips.filter((c) => c.date === date).reduce((sum, c) => sum + c.count, 0);
  const chips = [
    ...slotChips.filter((c) => c.date === tomorrow),
    { name: "Besok", date: tomorrow, slot: undefined, count: dayCount(tomorrow), quota: null, full: false },
    { name: "Hari Ini", date: today, slot: undefined, count: dayCount(today), quota: null, full: false },
  ];
  return (
    <div
      className="-mx-1 flex [scrollbar-width:none] gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap"
      aria-label="Filter cepat"
    >
      {chips.map((chip) => (
        <SlotChipLink
          key={chip.name}
          to={`/admin/dashboard?date=${chip.date}${chip.slot ? `&slot=${chip.slot}` : ""}`}
          name={chip.name}
          count={chip.count}
          quota={chip.quota}
          full={chip.full}
          active={filters.date === chip.date && filters.slot === chip.slot && !filters.q && !filters.status}
        />
      ))}
      <Link
        to={filters.chat ? "/admin/dashboard" : "/admin/dashboard?chat=belum"}
        aria-current={filters.chat ? "true" : undefined}
        title={`Pesanan 'Menunggu' yang chat-nya belum sampai ke toko setelah ${chatMissing.minutes} menit`}
        className={cn(
          "inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold whitespace-nowrap",
          filters.chat
            ? "border-amber-700 bg-amber-600 text-white"
            : chatMissing.count > 0
              ? "border-amber-400 bg-amber-50 text-amber-900"
              : "border-stone-300 bg-white text-stone-700",
        )}
      >
        Belum chat <span className="rounded-full bg-white/80 px-1.5 text-amber-900">{chatMissing.count}</span>
      </Link>
    </div>
  );
}
