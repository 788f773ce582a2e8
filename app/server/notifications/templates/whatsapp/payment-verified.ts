import type { WhatsappTemplate } from "./index";
import { orderParams } from "./parts";

/** Staff counted the payment: 'Lunas'. */
const paymentVerified: WhatsappTemplate<"payment-verified"> = {
  body: "Halo {{1}}, pembayaran pesanan {{2}} sudah kami terima. Status pembayaran: Lunas. Terima kasih!",
  params: (order) => {
    const p = orderParams(order);
    return [p.name, p.number];
  },
};
export default paymentVerified;
