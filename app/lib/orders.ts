// Order vocabulary shared by the shop, the customer's pages and the admin panel.
import { formatRupiah } from "./money";
import { formatAmount, formatKg, linePrice, linesTotal } from "./weight";

export const ORDER_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Menunggu",
  processing: "Diproses",
  completed: "Selesai",
  cancelled: "Dibatalkan",
};

/** Tailwind classes of the status badge: yellow, blue, green, red; unknown is grey. */
export const ORDER_STATUS_BADGE: Record<OrderStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  processing: "bg-blue-100 text-blue-900 ring-blue-300",
  completed: "bg-green-100 text-green-900 ring-green-300",
  cancelled: "bg-red-100 text-red-900 ring-red-300",
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

/**
 * The two daily delivery windows. `time` is the text stored on orders; `start` and `hours`
 * are what cut-off rules and labels read.
 */
export const DELIVERY_SLOTS = {
  pagi: {
    label: "Pagi",
    time: "05:00 - 07:00",
    start: "05:00",
    hours: "05:00-07:00",
    description: "Pesanan akan diantar besok pagi",
  },
  sore: {
    label: "Sore",
    time: "16:00 - 18:00",
    start: "16:00",
    hours: "16:00-18:00",
    description: "Pesanan akan diantar besok sore",
  },
} as const;
export type DeliverySlot = keyof typeof DELIVERY_SLOTS;

export function isDeliverySlot(value: unknown): value is DeliverySlot {
  return value === "pagi" || value === "sore";
}

/** The order number people see and say: the first 8 characters of its id. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** Grand total once staff have set the delivery fee (null while unset). */
export function orderGrandTotal(totalAmount: number, deliveryFee: number | null): number {
  return totalAmount + (deliveryFee ?? 0);
}

/**
 * Sum of the order's lines at the prices charged (the delivery fee comes on top later):
 * each line rounded once (weighed lines by ~/lib/weight linePrice), then added up.
 */
export function orderItemsTotal(items: readonly { price: number; quantity: number; soldByWeight?: boolean }[]): number {
  return linesTotal(items);
}

/** One line's price: units x unit price, or grams x price per kg / 1000 rounded once. */
export function orderLineTotal(item: { price: number; quantity: number; soldByWeight?: boolean }): number {
  return linePrice(item.price, item.quantity, item.soldByWeight === true);
}

/** A line's amount as shown everywhere: '0,75 kg' for weighed produce, '3 x Rp4.000' style units otherwise. */
export function orderLineAmount(item: { quantity: number; soldByWeight?: boolean }): string {
  return formatAmount(item.quantity, { soldByWeight: item.soldByWeight === true });
}

/** A line's amount and price: '0,75 kg × Rp48.000/kg' for weighed produce, '3 × Rp4.000' otherwise. */
export function orderLinePriceText(item: { quantity: number; price: number; soldByWeight?: boolean }): string {
  return item.soldByWeight
    ? `${formatKg(item.quantity)} × ${formatRupiah(item.price)}/kg`
    : `${item.quantity} × ${formatRupiah(item.price)}`;
}
