import { formatRupiah } from "~/lib/money";
import type { EmailTemplate } from "./index";
import { orderParts, orderTable } from "./order-parts";

/** Staff set the delivery fee: the bill with it. */
const feeSet: EmailTemplate<"fee-set"> = (order) => {
  const { short, greeting, button, totals } = orderParts(order);
  return {
    subject: `Total pesanan #${short}: ${formatRupiah(totals.total)}`,
    paragraphs: [greeting, `Ongkir pesanan #${short} sudah ditetapkan. Berikut tagihan Anda.`],
    table: orderTable(order),
    button,
  };
};
export default feeSet;
