import { formatRupiah } from "~/lib/money";
import { shortOrderId } from "~/lib/orders";
import { config } from "~/server/config.server";
import type { EmailTemplate } from "./index";
import { orderPageUrl } from "./order-parts";

/** 'Langganan': this week's basket is an order now, at today's prices; it can still be changed until the cut-off. */
const standingOrderMade: EmailTemplate<"standing-order-made"> = (data) => {
  const short = shortOrderId(data.orderId);
  return {
    subject: `Pesanan langganan #${short} sudah dibuat`,
    preheader: `Diantar ${data.slot}`,
    paragraphs: [
      `Halo ${data.name},`,
      `Pesanan langganan Anda untuk ${data.slot} sudah kami buat dengan harga hari ini: #${short}, ${formatRupiah(data.total)} belum termasuk ongkir.`,
      ...(data.changes.length > 0 ? [`Yang berubah dari langganan Anda: ${data.changes.join(" ")}`] : []),
      `Anda masih bisa membatalkan pesanan ini atau melewati tanggal ini sampai ${data.changeUntil}. Ubah langganan di ${config().appUrl}/langganan.`,
    ],
    button: { href: orderPageUrl(data.orderId), label: "Lihat Pesanan" },
  };
};
export default standingOrderMade;
