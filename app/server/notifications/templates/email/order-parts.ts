// What every order mail shares: the greeting, the order page button, the delivery sentence
// and the table of lines and totals, all from the one order-text module (app/lib/order-text.ts).
import { WORDS } from "~/lib/vocab/words";
import { formatRupiah } from "~/lib/money";
import {
  balanceText,
  deliverySentence,
  orderPromoText,
  orderTextLine,
  orderTextTotals,
  PROMO_KEPT_BELOW_MINIMUM,
} from "~/lib/order-text";
import { shortOrderId } from "~/lib/orders";
import { config } from "~/server/config.server";
import type { OrderSnapshot } from "../../kinds.server";
import type { MailTableRow } from "./compose";

export function orderPageUrl(orderId: string): string {
  return `${config().appUrl}/orders/${orderId}`;
}

/** The parts most order mails are made of. */
export function orderParts(order: OrderSnapshot) {
  return {
    short: shortOrderId(order.id),
    greeting: `Halo ${order.customerName},`,
    button: { href: orderPageUrl(order.id), label: "Lihat Pesanan" },
    /** "Selasa, 25 November 2026, Pagi (05:00 - 07:00)" */
    slot: deliverySentence({ date: order.deliveryDate, slot: order.deliverySlot, time: order.deliveryTime }),
    totals: orderTextTotals(order),
  };
}

/** The order's lines, its totals and, when 'Saldo' was taken into the bill, what is left to pay. */
export function orderTable(order: OrderSnapshot, totalLabel?: string): MailTableRow[] {
  const rows: MailTableRow[] = order.items.map((item) => {
    const line = orderTextLine(item);
    // Weighed produce reads '0,75 kg'; the price is the line's, rounded once.
    return { label: `${line.name} ${line.soldByWeight ? "" : "× "}${line.amount}`, value: formatRupiah(line.total) };
  });
  const totals = orderTextTotals(order);
  rows.push({ label: "Subtotal", value: formatRupiah(totals.subtotal) });
  rows.push({
    label: WORDS.deliveryFee,
    value: totals.fee === null ? "dikonfirmasi lewat WhatsApp" : formatRupiah(totals.fee),
  });
  const promo = orderPromoText(order);
  if (promo) {
    rows.push({ label: promo.label, value: promo.amountText });
    if (promo.belowMinimum) rows.push({ label: PROMO_KEPT_BELOW_MINIMUM, value: "" });
  }
  rows.push({
    label: totalLabel ?? (totals.fee === null ? "Total sementara" : "Total"),
    value: formatRupiah(totals.total),
    strong: true,
  });
  if (totals.balance) {
    rows.push({
      label: totals.balance > 0 ? "Saldo (lebih bayar sebelumnya)" : "Kurang bayar sebelumnya",
      value: balanceText(totals.balance),
    });
    rows.push({ label: "Jumlah dibayar", value: formatRupiah(totals.toPay), strong: true });
  }
  return rows;
}
