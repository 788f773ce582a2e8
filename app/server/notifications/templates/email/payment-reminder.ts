import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import type { EmailTemplate } from "./index";
import { orderPageUrl, orderParts } from "./order-parts";

/** 'Batas Bayar' is near: how much, by when, and that the order is cancelled after it. */
const paymentReminder: EmailTemplate<"payment-reminder"> = (order) => {
  const { short, greeting, totals } = orderParts(order);
  const due = order.dueAt ? formatDateTime(order.dueAt) : null;
  return {
    subject: `Pesanan #${short} menunggu pembayaran`,
    paragraphs: [
      greeting,
      `Pesanan #${short} belum kami terima pembayarannya. Jumlah yang dibayar: ${formatRupiah(totals.toPay)}.`,
      due
        ? `Mohon bayar sebelum ${due} WIB. Setelah itu pesanan dibatalkan otomatis dan stoknya kami lepas untuk pembeli lain.`
        : "Mohon segera bayar agar pesanan tidak dibatalkan otomatis.",
      "Sudah membayar? Unggah bukti bayar di halaman pesanan.",
    ],
    button: { href: orderPageUrl(order.id), label: "Bayar Sekarang" },
  };
};
export default paymentReminder;
