import { formatRupiah } from "~/lib/money";
import { shortOrderId } from "~/lib/orders";
import { orderPageUrl } from "../email/order-parts";
import type { WhatsappTemplate } from "./index";
import { param } from "./text";

/** 'Langganan': this week's basket is an order now; what changed, and until when it can be changed. */
const standingOrderMade: WhatsappTemplate<"standing-order-made"> = {
  body: "Halo {{1}}, pesanan langganan Anda {{2}} untuk {{3}} sudah kami buat dengan harga hari ini: {{4}} belum termasuk ongkir. Yang berubah: {{5}} Anda masih bisa membatalkan atau melewati tanggal ini sampai {{6}}. Lihat pesanan: {{7}}",
  params: (data) => [
    param(data.name),
    `#${shortOrderId(data.orderId)}`,
    param(data.slot),
    formatRupiah(data.total),
    data.changes.length > 0 ? param(data.changes.join(" ")) : "tidak ada.",
    param(data.changeUntil),
    orderPageUrl(data.orderId),
  ],
};
export default standingOrderMade;
