import { formatDateTime } from "~/lib/dates";
import { plainRupiah } from "~/lib/order-text";
import { orderPageUrl } from "../email/order-parts";
import type { WhatsappTemplate } from "./index";
import { orderParams } from "./parts";

/** 'Batas Bayar' is near: how much (the exact transfer amount where there is one), by when, where to pay. */
const paymentReminder: WhatsappTemplate<"payment-reminder"> = {
  body: "Halo {{1}}, pesanan {{2}} menunggu pembayaran {{3}}. Mohon bayar sebelum {{4}} WIB; setelah itu pesanan dibatalkan otomatis. Bayar di: {{5}}",
  params: (order) => {
    const p = orderParams(order);
    const amount = order.transferAmount ? `${plainRupiah(order.transferAmount)} (transfer tepat)` : p.toPay;
    return [p.name, p.number, amount, order.dueAt ? formatDateTime(order.dueAt) : "segera", orderPageUrl(order.id)];
  },
};
export default paymentReminder;
