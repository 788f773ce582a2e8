import type { EmailTemplate } from "./index";
import { orderParts } from "./order-parts";

/** The order was cancelled, by the customer or by staff (with the reason staff gave). */
const cancelled: EmailTemplate<"cancelled"> = (order) => {
  const { short, greeting, button } = orderParts(order);
  return {
    subject: `Pesanan #${short} dibatalkan`,
    paragraphs: [
      greeting,
      `Pesanan #${short} sudah dibatalkan.`,
      ...(order.reason ? [`Alasan: ${order.reason}`] : []),
      "Jika ini tidak sesuai, hubungi kami lewat WhatsApp.",
    ],
    button,
  };
};
export default cancelled;
