import type { EmailTemplate } from "./index";
import { orderParts } from "./order-parts";

/** Staff checked the payment and accepted it. */
const paymentVerified: EmailTemplate<"payment-verified"> = (order) => {
  const { short, greeting, slot, button } = orderParts(order);
  return {
    subject: `Pembayaran pesanan #${short} sudah diterima`,
    paragraphs: [
      greeting,
      `Pembayaran untuk pesanan #${short} sudah kami periksa dan terima. Terima kasih!`,
      `Jadwal antar: ${slot}.`,
    ],
    button,
  };
};
export default paymentVerified;
