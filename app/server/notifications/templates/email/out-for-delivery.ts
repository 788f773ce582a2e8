import type { EmailTemplate } from "./index";
import { orderParts } from "./order-parts";

/** The courier left with the order ('Kabari sedang diantar' on the delivery sheet). */
const outForDelivery: EmailTemplate<"out-for-delivery"> = (order) => {
  const { short, greeting, slot, button } = orderParts(order);
  return {
    subject: `Pesanan #${short} sedang diantar`,
    paragraphs: [
      greeting,
      `Pesanan #${short} sedang dalam perjalanan ke ${order.recipientAddress}.`,
      `Jadwal antar: ${slot}.`,
    ],
    button,
  };
};
export default outForDelivery;
