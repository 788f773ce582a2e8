import type { EmailTemplate } from "./index";
import { orderParts } from "./order-parts";

/** The order was delivered ('Selesai'). */
const completed: EmailTemplate<"completed"> = (order) => {
  const { short, greeting, button } = orderParts(order);
  return {
    subject: `Pesanan #${short} selesai`,
    paragraphs: [
      greeting,
      `Pesanan #${short} sudah selesai. Terima kasih sudah berbelanja sayur segar dari petani Jember!`,
      "Mau belanja yang sama lagi? Buka pesanan ini dan pilih 'Pesan Lagi'.",
    ],
    button,
  };
};
export default completed;
