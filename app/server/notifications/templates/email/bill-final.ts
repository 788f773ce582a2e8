import { formatRupiah } from "~/lib/money";
import { transferExactlyText, UNIQUE_CODE_EXPLANATION } from "~/lib/order-text";
import type { EmailTemplate } from "./index";
import { orderPageUrl, orderParts, orderTable } from "./order-parts";

/** The order was weighed and packed: the final bill. */
const billFinal: EmailTemplate<"bill-final"> = (order) => {
  const { short, greeting, totals } = orderParts(order);
  return {
    subject: `Tagihan final pesanan #${short}: ${formatRupiah(totals.total)}`,
    preheader: "Produk sudah ditimbang dan dikemas",
    paragraphs: [
      greeting,
      `Pesanan #${short} sudah ditimbang dan dikemas. Berikut tagihan final (Total akhir) Anda; riwayat perubahan dan cara bayar ada di halaman pesanan.`,
      ...(order.transferAmount ? [`${transferExactlyText(order.transferAmount)}. ${UNIQUE_CODE_EXPLANATION}.`] : []),
    ],
    table: orderTable(order, "Total akhir"),
    button: { href: orderPageUrl(order.id), label: "Lihat Tagihan" },
  };
};
export default billFinal;
