import type { WhatsappTemplate } from "./index";
import { orderParams } from "./parts";
import { param } from "./text";

/** Cancelled, with the reason staff gave. */
const cancelled: WhatsappTemplate<"cancelled"> = {
  body: "Halo {{1}}, pesanan {{2}} dibatalkan. Alasan: {{3}}. Hubungi kami bila ada pertanyaan.",
  params: (order) => {
    const p = orderParams(order);
    return [p.name, p.number, param(order.reason ?? "") === "-" ? "tidak disebutkan" : param(order.reason ?? "")];
  },
};
export default cancelled;
