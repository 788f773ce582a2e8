import { formatRupiah } from "~/lib/money";
import type { EmailTemplate } from "./index";
import { orderPageUrl, orderParts } from "./order-parts";

/** Staff refused the payment proof ('Tolak Bukti'): why, and that a new proof can be sent. */
const paymentRejected: EmailTemplate<"payment-rejected"> = (order) => {
  const { short, greeting, totals } = orderParts(order);
  return {
    subject: `Bukti bayar pesanan #${short} belum dapat kami terima`,
    paragraphs: [
      greeting,
      `Bukti bayar untuk pesanan #${short} sudah kami periksa, tetapi belum dapat kami terima.`,
      ...(order.reason ? [`Alasan: ${order.reason}`] : []),
      `Silakan kirim bukti bayar yang baru di halaman pesanan. Jumlah yang dibayar: ${formatRupiah(totals.toPay)}.`,
    ],
    button: { href: orderPageUrl(order.id), label: "Kirim Bukti Baru" },
  };
};
export default paymentRejected;
