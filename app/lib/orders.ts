// Order vocabulary shared by the shop, the customer's pages and the admin panel.
import { formatRupiah } from "./money";
import { formatAmount, formatKg, linePrice, linesTotal } from "./weight";

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
