// What the order templates share, from the one order-text module.
import { deliverySentence, orderTextTotals } from "~/lib/order-text";
import { formatRupiah } from "~/lib/money";
import { shortOrderId } from "~/lib/orders";
import type { OrderSnapshot } from "../../kinds.server";
import { param } from "./text";

export function orderParams(order: OrderSnapshot) {
  const totals = orderTextTotals(order);
  return {
    name: param(order.customerName),
    number: `#${shortOrderId(order.id)}`,
    slot: param(deliverySentence({ date: order.deliveryDate, slot: order.deliverySlot, time: order.deliveryTime })),
    total: formatRupiah(totals.total),
    toPay: formatRupiah(totals.toPay),
    feeKnown: totals.fee !== null,
  };
}
