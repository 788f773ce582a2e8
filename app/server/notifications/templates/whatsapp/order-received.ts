import type { WhatsappTemplate } from "./index";
import { orderParams } from "./parts";

/** The order was placed: its number, when it comes and what it is estimated to cost. */
const orderReceived: WhatsappTemplate<"order-received"> = {
  body: "Halo {{1}}, pesanan {{2}} sudah kami terima. Jadwal antar: {{3}}. Perkiraan total: {{4}}. Kami kabari lagi setelah pesanan ditimbang dan dikemas.",
  params: (order) => {
    const p = orderParams(order);
    return [p.name, p.number, p.slot, p.feeKnown ? p.total : `${p.total} (belum termasuk ongkir)`];
  },
};
export default orderReceived;
