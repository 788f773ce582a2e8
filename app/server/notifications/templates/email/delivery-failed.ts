import type { EmailTemplate } from "./index";
import { orderParts } from "./order-parts";

/** The courier could not hand the order over ('Gagal Antar'), with the reason; the shop gets in touch. */
const deliveryFailed: EmailTemplate<"delivery-failed"> = (order) => {
  const { short, greeting, button } = orderParts(order);
  return {
    subject: `Pesanan #${short} belum dapat diantar`,
    paragraphs: [
      greeting,
      `Kurir kami belum dapat menyerahkan pesanan #${short}.`,
      ...(order.reason ? [`Alasan: ${order.reason}`] : []),
      "Tim kami akan menghubungi Anda untuk mengatur pengantaran ulang. Balas lewat WhatsApp bila ingin mengatur waktunya sekarang.",
    ],
    button,
  };
};
export default deliveryFailed;
