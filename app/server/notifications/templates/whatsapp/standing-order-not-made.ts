import { config } from "~/server/config.server";
import type { WhatsappTemplate } from "./index";
import { param } from "./text";

/** 'Langganan': no order could be made for a date, why, and where to change the standing order. */
const standingOrderNotMade: WhatsappTemplate<"standing-order-not-made"> = {
  body: "Halo {{1}}, pesanan langganan Anda untuk {{2}} tidak dapat kami buat: {{3}} Anda bisa memesan sendiri untuk waktu lain, atau mengubah langganan di {{4}}",
  params: (data) => [
    param(data.name),
    param(data.slot),
    param(data.reason),
    `${config().appUrl}/langganan/${data.standingOrderId}`,
  ],
};
export default standingOrderNotMade;
