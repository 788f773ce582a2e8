// An order's status as a coloured badge: yellow, blue, green, red; an unknown value in grey.
import { StatusBadge } from "~/components/status-badge";
import { isOrderStatus, ORDER_STATUS, orderStatusLabel } from "~/lib/vocab/order-statuses";

export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = isOrderStatus(status) ? ORDER_STATUS[status].badge : undefined;
  return <StatusBadge slot="order-status" label={orderStatusLabel(status)} tone={tone} className={className} />;
}
