// The dashboard's quick filters: tomorrow's slots with their orders against the quota
// ('Besok Pagi 7/20'), all of tomorrow, and today. Cancelled orders are not counted.
import { SlotChipLink } from "~/components/admin/slot-chip";
import { useAdminDashboardData } from "./dashboard-data";

export function QuickFilters() {
  const { filters, tomorrow, today, slotChips } = useAdminDashboardData();
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
    </div>
  );
}
