// A date/slot chip of the staff pages: 'Besok Pagi 7/20' (orders against the slot's quota),
// red once the slot is full.
import { Link } from "react-router";
import { quotaText } from "~/lib/delivery-sheet";
import { cn } from "~/lib/utils";

export function SlotChipLink({
  to,
  name,
  count,
  quota,
  full = false,
  active,
}: {
  to: string;
  name: string;
  count: number;
  quota: number | null;
  full?: boolean;
  active: boolean;
}) {
  return (
    <Link
      to={to}
      aria-current={active ? "true" : undefined}
      title={quota === null ? `${count} pesanan` : `${count} pesanan dari kuota ${quota}${full ? " (penuh)" : ""}`}
      className={cn(
        "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold whitespace-nowrap",
        active
          ? "border-brand-700 bg-brand-700 text-white"
          : "border-stone-300 bg-white text-stone-800 hover:border-brand-700",
      )}
    >
      {name}{" "}
      <span
        data-testid="chip-count"
        className={cn(
          "rounded-full px-1.5 text-xs leading-5 tabular-nums",
          active ? "bg-white text-brand-800" : full ? "bg-red-100 text-red-900" : "bg-stone-100 text-stone-700",
        )}
      >
        {quotaText(count, quota)}
      </span>
    </Link>
  );
}
