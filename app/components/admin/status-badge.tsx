// The order status as a coloured pill: the spec's labels and colours from ~/lib/orders,
// unknown values in grey with their raw text.
import { isOrderStatus, ORDER_STATUS_BADGE, orderStatusLabel } from "~/lib/orders";
import { cn } from "~/lib/utils";

export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = isOrderStatus(status) ? ORDER_STATUS_BADGE[status] : "bg-stone-100 text-stone-800 ring-stone-300";
  return (
    <span
      data-status={status}
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset", tone, className)}
    >
      {orderStatusLabel(status)}
    </span>
  );
}

export function Pill({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset", className)}>
      {children}
    </span>
  );
}
