import { transferExactlyText, UNIQUE_CODE_EXPLANATION } from "~/lib/order-text";
import { paymentMethodLabel } from "~/lib/vocab/payment-methods";
import { orderPageUrl } from "../email/order-parts";
import type { WhatsappTemplate } from "./index";
import { orderParams } from "./parts";

/** Weighed and packed: the amount due, how to pay and the order page. */
const billFinal: WhatsappTemplate<"bill-final"> = {
  body: "Halo {{1}}, pesanan {{2}} sudah ditimbang dan dikemas. Tagihan final: {{3}}. Cara bayar: {{4}}. Rincian dan pembayaran: {{5}}",
  params: (order) => {
    const p = orderParams(order);
    // A transfer bill says the exact amount with its kode unik, as the order page does.
    const how = order.transferAmount
      ? `${transferExactlyText(order.transferAmount)} (${UNIQUE_CODE_EXPLANATION})`
      : paymentMethodLabel(order.paymentMethod ?? null);
    return [p.name, p.number, p.toPay, how, orderPageUrl(order.id)];
  },
};
export default billFinal;
