import { config } from "~/server/config.server";
import type { EmailTemplate } from "./index";

/** 'Langganan': no order could be made for a date, and why. */
const standingOrderNotMade: EmailTemplate<"standing-order-not-made"> = (data) => ({
  subject: `Pesanan langganan untuk ${data.slot} tidak dibuat`,
  preheader: data.reason,
  paragraphs: [
    `Halo ${data.name},`,
    `Pesanan langganan Anda untuk ${data.slot} tidak dapat kami buat: ${data.reason}`,
    "Anda bisa memesan sendiri untuk waktu lain, atau mengubah langganan Anda.",
  ],
  button: { href: `${config().appUrl}/langganan/${data.standingOrderId}`, label: "Buka Langganan" },
});
export default standingOrderNotMade;
