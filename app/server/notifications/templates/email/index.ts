// The e-mail channel's templates, one file per kind. The record is total: a kind without an
// e-mail template does not compile. (A channel that tells only some kinds, like a chat
// channel, keeps a partial record.)
import type { NotificationData, NotificationKind } from "../../kinds.server";
import backInStock from "./back-in-stock";
import billFinal from "./bill-final";
import cancelled from "./cancelled";
import completed from "./completed";
import type { EmailContent } from "./compose";
import deliveryFailed from "./delivery-failed";
import feeSet from "./fee-set";
import lowStockDigest from "./low-stock-digest";
import orderReceived from "./order-received";
import outForDelivery from "./out-for-delivery";
import paymentRejected from "./payment-rejected";
import paymentReminder from "./payment-reminder";
import paymentVerified from "./payment-verified";
import staffInvitation from "./staff-invitation";
import standingOrderMade from "./standing-order-made";
import standingOrderNotMade from "./standing-order-not-made";
import stockAlertConfirm from "./stock-alert-confirm";

export type EmailTemplate<K extends NotificationKind> = (data: NotificationData[K]) => EmailContent;

export const emailTemplates: { [K in NotificationKind]: EmailTemplate<K> } = {
  "order-received": orderReceived,
  "fee-set": feeSet,
  "bill-final": billFinal,
  "payment-verified": paymentVerified,
  "payment-rejected": paymentRejected,
  "payment-reminder": paymentReminder,
  "out-for-delivery": outForDelivery,
  "delivery-failed": deliveryFailed,
  completed,
  cancelled,
  "staff-invitation": staffInvitation,
  "stock-alert-confirm": stockAlertConfirm,
  "back-in-stock": backInStock,
  "low-stock-digest": lowStockDigest,
  "standing-order-made": standingOrderMade,
  "standing-order-not-made": standingOrderNotMade,
};
