import { paymentMethodLabel } from "~/lib/vocab/payment-methods";
import { orderPageUrl } from "../email/order-parts";
import type { WhatsappTemplate } from "./index";
import { orderParams } from "./parts";

/** Weighed and packed: the amount due, how to pay and the order page. */
const billFinal: WhatsappTemplate<"bill-final"> = {
  body: "Halo {{1}}, pesanan {{2}} sudah ditimbang dan dikemas. Tagihan final: {{3}}. Cara bayar: {{4}}. Rincian dan pembayaran: {{5}}",
  params: (order) => {
    const p = orderParams(order);
    return [p.name, p.number, p.toPay, paymentMethodLabel(order.paymentMethod ?? null), orderPageUrl(order.id)];
  },
};
export default billFinal;
