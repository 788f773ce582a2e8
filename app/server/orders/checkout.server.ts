// The checkout page's server side: what the page needs to show (the recipient, delivery
// choices, the payment methods switched on) and placing the checked order under a per-customer
// rate limit, answered in the form contract (FormResult).
import { currentShop } from "../shop/identity.server";
import type { Database, Queryable } from "~/db/client.server";
import {
  CHECKOUT_FAILED_TITLE,
  INCOMPLETE_MESSAGE,
  INCOMPLETE_TITLE,
  type CheckoutAnswer,
  type CheckoutFieldErrors,
  type CheckoutInput,
  type CheckoutParseResult,
  type OrderProblem,
} from "~/lib/checkout";
import { formFailure, formSuccess } from "~/lib/form";
import { storedOrderChatUrl } from "~/lib/order-message";
import { activePaymentMethods, type PaymentMethod } from "~/lib/vocab/payment-methods";
import { formatIndonesianPhone } from "~/lib/phone";
import { loadConnection } from "../whatsapp/connection.server";
import { hasWhatsappConsent } from "../whatsapp/messages.server";
import { loadDeliveryOptions, rememberedDeliveryArea } from "../delivery/slots.server";
import { log } from "../logger.server";
import { newIdempotencyKey, placeOrder } from "./placing.server";
import { loadPaymentMethods } from "../payments/methods.server";
import { hitRateLimit, retryMessage } from "../rate-limit.server";

export type CheckoutPaymentOption = { method: PaymentMethod; detail: string };

/** What the checkout page shows (the cart's products are refreshed as on /cart, from /api/cart-products). */
export async function loadCheckout(
  db: Queryable,
  user: { id: string; name: string; phone: string; address: string } | null,
) {
  const [delivery, rememberedArea, methods, whatsapp, consent] = await Promise.all([
    loadDeliveryOptions(db),
    user ? rememberedDeliveryArea(db, user.id) : null,
    loadPaymentMethods(db),
    loadConnection(db),
    user ? hasWhatsappConsent(db, user.id) : false,
  ]);
  const banks = methods.bankTransfer.accounts.map((a) => a.bank).join(", ");
  const detail: Record<PaymentMethod, string> = {
    qris: "Bayar dengan aplikasi bank atau e-wallet. Kode QRIS muncul di halaman pesanan setelah tagihan final.",
    transfer: `Transfer ke rekening ${banks}. Nomor rekening muncul di halaman pesanan setelah tagihan final.`,
    cod: "Bayar tunai ke kurir saat pesanan diantar.",
  };
  return {
    prefill: user
      ? { name: user.name, phone: formatIndonesianPhone(user.phone), address: user.address }
      : { name: "", phone: "", address: "" },
    /** A visitor signs in or makes their account in the form itself ('Akun'). */
    guest: user === null,
    idempotencyKey: newIdempotencyKey(),
    delivery,
    rememberedArea,
    paymentOptions: activePaymentMethods(methods).map((method) => ({ method, detail: detail[method] })),
    // Asked only while the shop's WhatsApp is connected: without it checkout is as it always was.
    whatsappConsent: whatsapp.connected ? { checked: consent } : null,
  };
}

type CheckoutRefusal = Extract<CheckoutAnswer, { ok: false }>;

function failure(
  status: number,
  title: string,
  message: string,
  more: { problems?: OrderProblem[]; dialog?: boolean; fieldErrors?: CheckoutFieldErrors } = {},
): CheckoutRefusal {
  return {
    ...formFailure(status, message, { title, fieldErrors: more.fieldErrors }),
    problems: more.problems ?? [],
    dialog: more.dialog ?? true,
  };
}

/** A checkout form the rules refused: the dialog for an incomplete form or a bad cart, else the fields. */
export function checkoutInvalid(parsed: Extract<CheckoutParseResult, { success: false }>): CheckoutRefusal {
  const { fieldErrors, incomplete } = parsed;
  const cartProblem = fieldErrors.lines ?? fieldErrors.idempotencyKey;
  if (incomplete) return failure(400, INCOMPLETE_TITLE, INCOMPLETE_MESSAGE, { fieldErrors });
  if (cartProblem) return failure(400, CHECKOUT_FAILED_TITLE, cartProblem, { fieldErrors });
  return failure(400, CHECKOUT_FAILED_TITLE, Object.values(fieldErrors)[0] ?? INCOMPLETE_MESSAGE, {
    fieldErrors,
    dialog: false,
  });
}

/** What a refused form shows again (a plain form post reloads the page); passwords never. */
export const CHECKOUT_ECHO = [
  "name",
  "phone",
  "address",
  "notes",
  "delivery",
  "area",
  "paymentMethod",
  "promoCode",
  "account",
  "email",
];

/** The account part refused (wrong password, e-mail taken, weak password): shown beside its field. */
export function accountRefused(refusal: {
  status: number;
  title: string;
  message: string;
  fieldErrors: CheckoutFieldErrors;
}): CheckoutRefusal {
  const inPlace = Object.keys(refusal.fieldErrors).length > 0;
  return failure(refusal.status, refusal.title, refusal.message, {
    fieldErrors: refusal.fieldErrors,
    dialog: !inPlace,
  });
}

/** Places the customer's checked order; the answer carries the WhatsApp chat link of the stored order. */
export async function submitCheckout(
  db: Database,
  user: { id: string },
  input: CheckoutInput,
): Promise<CheckoutAnswer> {
  const limit = await hitRateLimit(db, `checkout:${user.id}`, 20, 10 * 60);
  if (!limit.allowed) return failure(429, CHECKOUT_FAILED_TITLE, retryMessage(limit.retryAfterSeconds));
  const result = await placeOrder(db, user, input);
  if (!result.ok) {
    const { title, message, fieldErrors, problems } = result;
    return failure(result.status, title, message, { problems, fieldErrors });
  }
  const { order, duplicate } = result;
  log.info("order placed", {
    orderId: order.id,
    userId: user.id,
    duplicate,
    lines: order.items.length,
    total: order.totalAmount,
  });
  return formSuccess("Pesanan berhasil dibuat.", {
    orderId: order.id,
    chatUrl: storedOrderChatUrl(order, currentShop()),
  });
}
