// Where an order stands ('Status Pesanan'), as stored in `orders.status` (checked by the
// database): its name and its badge colour. Lists and checks are derived from the record.

type OrderStatusInfo = {
  label: string;
  /** Tailwind classes of the status badge. */
  badge: string;
};

/** In the order an order moves through them. */
export const ORDER_STATUS = {
  pending: { label: "Menunggu", badge: "bg-yellow-100 text-yellow-900 ring-yellow-300" },
  processing: { label: "Diproses", badge: "bg-blue-100 text-blue-900 ring-blue-300" },
  completed: { label: "Selesai", badge: "bg-green-100 text-green-900 ring-green-300" },
  cancelled: { label: "Dibatalkan", badge: "bg-red-100 text-red-900 ring-red-300" },
} as const satisfies Record<string, OrderStatusInfo>;

export type OrderStatus = keyof typeof ORDER_STATUS;

export const ORDER_STATUSES = Object.keys(ORDER_STATUS) as OrderStatus[];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && Object.hasOwn(ORDER_STATUS, value);
}

/** The status's name; a value this version does not know shows as stored. */
export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS[status].label : status;
}
