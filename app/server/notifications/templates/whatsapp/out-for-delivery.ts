import type { WhatsappTemplate } from "./index";
import { orderParams } from "./parts";

/** The courier left with it. */
const outForDelivery: WhatsappTemplate<"out-for-delivery"> = {
  body: "Halo {{1}}, pesanan {{2}} sedang diantar kurir kami ({{3}}). Mohon pastikan ada yang menerima di alamat.",
  params: (order) => {
    const p = orderParams(order);
    return [p.name, p.number, p.slot];
  },
};
export default outForDelivery;
