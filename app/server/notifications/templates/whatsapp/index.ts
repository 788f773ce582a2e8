// The WhatsApp channel's templates: one file per kind it tells, each the exact body of the
// UTILITY template the owner creates in WhatsApp Manager (docs/whatsapp.md lists them) and the
// body parameters it fills from the event's snapshot. The record is partial: kinds without a
// file here (stock notices, staff mails, the fee) go by e-mail only.
import type { NotificationData } from "../../kinds.server";
import type { TemplateKind } from "~/server/whatsapp/connection.server";
import billFinal from "./bill-final";
import cancelled from "./cancelled";
import completed from "./completed";
import deliveryFailed from "./delivery-failed";
import orderReceived from "./order-received";
import outForDelivery from "./out-for-delivery";
import paymentReminder from "./payment-reminder";
import paymentVerified from "./payment-verified";
import standingOrderMade from "./standing-order-made";
import standingOrderNotMade from "./standing-order-not-made";

export type WhatsappTemplate<K extends TemplateKind> = {
  /** The template's body as created in WhatsApp Manager, {{1}}, {{2}} ... for the parameters. */
  body: string;
  params: (data: NotificationData[K]) => string[];
};

export const whatsappTemplates: { [K in TemplateKind]: WhatsappTemplate<K> } = {
  "order-received": orderReceived,
  "bill-final": billFinal,
  "payment-verified": paymentVerified,
  "out-for-delivery": outForDelivery,
  completed,
  cancelled,
  "payment-reminder": paymentReminder,
  "delivery-failed": deliveryFailed,
  "standing-order-made": standingOrderMade,
  "standing-order-not-made": standingOrderNotMade,
};

export { fillTemplate, param } from "./text";
