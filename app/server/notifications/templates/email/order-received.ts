import type { EmailTemplate } from "./index";
import { orderParts, orderTable } from "./order-parts";

/** The order was placed: what was ordered, when it comes, and that the fee follows. */
const orderReceived: EmailTemplate<"order-received"> = (order) => {
  const { short, greeting, slot, button } = orderParts(order);
  return {
    subject: `Pesanan #${short} kami terima`,
    preheader: `Diantar ${slot}`,
    paragraphs: [
      greeting,
      `Terima kasih, pesanan #${short} sudah kami terima dan menunggu konfirmasi.`,
      `Jadwal antar: ${slot}, ke ${order.recipientAddress}.`,
      "Kami akan mengabarkan ongkir dan total akhir. Pesanan masih bisa Anda batalkan selama statusnya 'Menunggu'.",
    ],
    table: orderTable(order),
    button,
  };
};
export default orderReceived;
