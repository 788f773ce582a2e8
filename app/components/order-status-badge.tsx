// An order's status as a coloured badge: yellow, blue, green, red; an unknown value in grey.
import { isOrderStatus, ORDER_STATUS_BADGE, orderStatusLabel } from "~/lib/orders";
import { cn } from "~/lib/utils";

export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-slot="order-status"
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        isOrderStatus(status) ? ORDER_STATUS_BADGE[status] : "bg-stone-100 text-stone-800 ring-stone-300",
        className,
      )}
    >
      {orderStatusLabel(status)}
    </span>
  );
}
