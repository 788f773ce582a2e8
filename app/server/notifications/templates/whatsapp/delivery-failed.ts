import { orderPageUrl } from "../email/order-parts";
import type { WhatsappTemplate } from "./index";
import { orderParams } from "./parts";
import { param } from "./text";

/** 'Gagal Antar': the courier could not hand it over, why, and that the shop gets in touch. */
const deliveryFailed: WhatsappTemplate<"delivery-failed"> = {
  body: "Halo {{1}}, kurir kami belum dapat menyerahkan pesanan {{2}}. Alasan: {{3}}. Tim kami akan menghubungi Anda untuk mengatur pengantaran ulang; balas pesan ini bila ingin mengatur waktunya sekarang. Rincian: {{4}}",
  params: (order) => {
    const p = orderParams(order);
    return [p.name, p.number, order.reason?.trim() ? param(order.reason) : "tidak disebutkan", orderPageUrl(order.id)];
  },
};
export default deliveryFailed;
