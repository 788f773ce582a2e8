import type { WhatsappTemplate } from "./index";
import { orderParams } from "./parts";

/** Delivered and settled. */
const completed: WhatsappTemplate<"completed"> = {
  body: "Halo {{1}}, pesanan {{2}} sudah selesai. Terima kasih sudah berbelanja sayur segar di toko kami!",
  params: (order) => {
    const p = orderParams(order);
    return [p.name, p.number];
  },
};
export default completed;
