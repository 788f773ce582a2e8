// A status as a coloured pill (an order's, a payment's): the tone comes from the status's own
// table of colours; a value that table does not know is grey.
import { cn } from "~/lib/utils";

export function StatusBadge({
  slot,
  label,
  tone,
  className,
}: {
  /** `data-slot`, for tests and styles that look for one kind of badge. */
  slot: string;
  label: string;
  /** The status's colour classes, or undefined for an unknown status. */
  tone: string | undefined;
  className?: string;
}) {
  return (
    <span
      data-slot={slot}
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        tone ?? "bg-stone-100 text-stone-800 ring-stone-300",
        className,
      )}
    >
      {label}
    </span>
  );
}
