// /checkout: delivery details, area and window, notes, 'Metode Pembayaran' and the order
// summary at the shop's current prices. The order is stored before the WhatsApp chat opens.
// State lives in components/checkout/use-checkout.ts; the parts beside it.
import { WORDS } from "~/lib/vocab/words";
import { Form, Link } from "react-router";
import { ArrowLeft, Clock, MapPin, NotebookPen, Truck, UserRound, Wallet } from "lucide-react";
import { AccountPart } from "~/components/checkout/account-part";
import { z } from "zod";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import type { Route } from "./+types/checkout";
import { DeliveryAreaSelect } from "~/components/checkout/delivery-area-select";
import { previewFee } from "~/components/checkout/delivery-summary";
import { DeliverySlotPicker } from "~/components/checkout/delivery-slot-picker";
import { OrderSummary } from "~/components/checkout/order-summary";
import { PaymentMethodPicker } from "~/components/checkout/payment-method-picker";
import { PlacedDialog } from "~/components/checkout/placed-dialog";
import { RecipientFields } from "~/components/checkout/recipient-fields";
import { CheckoutSection } from "~/components/checkout/section";
import { useCheckout } from "~/components/checkout/use-checkout";
import { NotifyDialog } from "~/components/ui/dialog";
import { Field, Textarea } from "~/components/ui/field";
import { cartTotals } from "~/lib/cart";
import {
  CHECKOUT_FAILED_TITLE,
  checkoutMissing,
  isIncomplete,
  parseCheckoutForm,
  type CheckoutAnswer,
} from "~/lib/checkout";
import { minimumOrderMessage } from "~/lib/delivery";
import {
  accountRefused,
  checkoutInvalid,
  CHECKOUT_ECHO,
  loadCheckout,
  submitCheckout,
} from "~/server/orders/checkout.server";
import { formAction } from "~/server/form-action.server";
import { dbOf, userOf } from "~/server/request-context.server";
import { parseCheckoutAccount, signInForCheckout } from "~/server/accounts/checkout-account.server";
import { accountDeps } from "~/server/accounts/customer.server";
import { authHeaders, setCookieHeaders } from "~/server/accounts/session.server";
import { clientKey } from "~/server/rate-limit.server";
import { routePolicy } from "~/server/route-policy.server";
import { checkPromoForCheckout, type PromoCheck } from "~/server/promos/checkout-promo.server";
import { PromoCodeField } from "~/components/checkout/promo-code";
import { promoAmounts } from "~/lib/promo";
import { useState } from "react";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(WORDS.checkout, shopNameFrom(matches)) }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadCheckout(await dbOf(context), await userOf(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await userOf(context);
  const db = await dbOf(context);
  // 'Pakai': the code is checked and the page drawn again with it (nothing is placed).
  const peek = await request
    .clone()
    .formData()
    .catch(() => null);
  if (peek?.get("intent") === "promo") return checkPromoForCheckout(db, user, peek);
  let cookies: Headers | undefined;
  return formAction(request, {
    name: "checkout",
    // Cart lines come as repeated fields, read from the whole form by the checkout rules.
    schema: z.object({}),
    failureTitle: CHECKOUT_FAILED_TITLE,
    echo: CHECKOUT_ECHO,
    call: (_fields, form) => placeFromForm(form),
    // The new session's cookies go out with every answer, an order refused for stock included.
    headers: () => (cookies ? setCookieHeaders(cookies) : undefined),
    failureHeaders: () => (cookies ? setCookieHeaders(cookies) : undefined),
    // Without JavaScript the browser follows this to a page with the chat link.
    documentRedirectTo: (placed) => `/order-success?order=${placed.orderId}`,
  });

  async function placeFromForm(form: FormData) {
    const parsed = parseCheckoutForm(form);
    if (!parsed.success) return checkoutInvalid(parsed);
    if (user) return submitCheckout(db, user, parsed.data);
    // A visitor: the account first (signed in or made), then the order in the same press.
    const account = parseCheckoutAccount(form);
    if (!account.ok) return accountRefused(account);
    const { name, phone, address } = parsed.data;
    const signedIn = await signInForCheckout(
      await accountDeps(db),
      account.data,
      { name, phone, address },
      { key: clientKey(request), headers: authHeaders(request) },
    );
    if (!signedIn.ok) return accountRefused(signedIn);
    cookies = signedIn.headers;
    return submitCheckout(db, { id: signedIn.userId }, parsed.data);
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const promoCheck = actionData && "promoCheck" in actionData ? (actionData as PromoCheck) : null;
  const c = useCheckout(loaderData, promoCheck ? undefined : (actionData as CheckoutAnswer | undefined));
  const { cart, values, fieldErrors, delivery } = c;
  const totals = cartTotals(cart.lines);
  const fee = previewFee(delivery.areas, values.area, totals.totalAmount);
  // The code as typed, and the last check's answer while the field still holds that code.
  const typedCode = actionData && !actionData.ok && "values" in actionData ? actionData.values?.promoCode : undefined;
  const [promoCode, setPromoCode] = useState(promoCheck?.code ?? typedCode ?? "");
  const checked = promoCheck && promoCheck.code === promoCode.trim() ? promoCheck : null;
  const applied = checked?.ok ? checked : null;
  const promoOff = applied
    ? promoAmounts(applied.terms, totals.totalAmount, fee?.kind === "area" ? fee.fee : null)
    : null;
  const promoError = fieldErrors.promoCode ?? (checked && !checked.ok ? checked.message : undefined);
  const belowMinimum = minimumOrderMessage(totals.totalAmount, delivery.minimumOrder);
  const disabled =
    !cart.ready ||
    cart.lines.length === 0 ||
    isIncomplete(values) ||
    belowMinimum !== null ||
    values.delivery === "" ||
    values.area === "" ||
    c.busy ||
    c.placed !== null;
  // Said under a grey 'Pesan Sekarang' (once the cart is read), so it never just stays grey.
  const missing = cart.ready
    ? checkoutMissing(values, { empty: cart.lines.length === 0, belowMinimum: belowMinimum !== null })
    : [];

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 pb-24 md:pt-8 md:pb-12">
      <Link
        to="/cart"
        className="inline-flex items-center gap-1 text-sm font-semibold text-stone-700 hover:text-brand-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke Keranjang
      </Link>
      <h1 className="mt-2 text-2xl font-extrabold text-stone-900 md:text-3xl">{WORDS.checkout}</h1>

      <Form
        ref={c.formRef}
        method="post"
        onSubmit={c.onSubmit}
        noValidate
        className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start"
      >
        <input type="hidden" name="idempotencyKey" value={c.idempotencyKey} />
        {cart.lines.map((line) => (
          <span key={line.product.id} hidden>
            <input type="hidden" name="productId" value={line.product.id} />
            <input type="hidden" name="quantity" value={line.quantity} />
            <input type="hidden" name="lineNote" value={line.note ?? ""} />
            <input type="hidden" name="lineSubstitute" value={line.allowSubstitute ? "1" : "0"} />
          </span>
        ))}

        <div className="space-y-5">
          {loaderData.guest ? (
            <CheckoutSection icon={<UserRound className="h-5 w-5" aria-hidden="true" />} title="Akun">
              <AccountPart
                mode={c.account.mode}
                email={c.account.email}
                errors={fieldErrors}
                onMode={c.setAccountMode}
                onEmail={c.setAccountEmail}
              />
            </CheckoutSection>
          ) : null}
          <CheckoutSection icon={<Truck className="h-5 w-5" aria-hidden="true" />} title="Informasi Pengiriman">
            <RecipientFields values={values} errors={fieldErrors} onChange={(field, value) => c.change(field, value)} />
          </CheckoutSection>

          <CheckoutSection icon={<MapPin className="h-5 w-5" aria-hidden="true" />} title="Area Pengiriman">
            <DeliveryAreaSelect
              areas={delivery.areas}
              value={values.area}
              onChange={(area) => c.change("area", area)}
              error={fieldErrors.area}
            />
          </CheckoutSection>

          <CheckoutSection icon={<Clock className="h-5 w-5" aria-hidden="true" />} title="Waktu Pengiriman">
            <DeliverySlotPicker
              days={delivery.days}
              value={values.delivery}
              onChange={(value) => c.change("delivery", value, ["deliveryDate", "slot"])}
              error={fieldErrors.deliveryDate ?? fieldErrors.slot}
            />
          </CheckoutSection>

          <CheckoutSection icon={<NotebookPen className="h-5 w-5" aria-hidden="true" />} title="Catatan (Opsional)">
            <Field
              label="Catatan untuk pesanan"
              error={fieldErrors.notes}
              hint="Mis. patokan rumah atau permintaan khusus. Maksimal 500 karakter."
            >
              {(p) => (
                <Textarea
                  {...p}
                  name="notes"
                  maxLength={500}
                  rows={3}
                  value={values.notes}
                  onChange={(e) => c.change("notes", e.target.value)}
                />
              )}
            </Field>
          </CheckoutSection>

          <CheckoutSection icon={<Wallet className="h-5 w-5" aria-hidden="true" />} title="Metode Pembayaran">
            <PaymentMethodPicker
              options={loaderData.paymentOptions}
              value={values.paymentMethod}
              onChange={(method) => c.change("paymentMethod", method)}
              error={fieldErrors.paymentMethod}
            />
            {loaderData.whatsappConsent ? (
              <label className="mt-3 flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-stone-900">
                <input type="hidden" name="whatsappConsentAsked" value="1" />
                <input
                  type="checkbox"
                  name="whatsappConsent"
                  value="1"
                  defaultChecked={loaderData.whatsappConsent.checked}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-green-700"
                />
                <span>
                  <strong>Kirim kabar pesanan ke WhatsApp saya</strong>
                  <span className="block text-stone-700">
                    Pesanan diterima, tagihan final, pembayaran, pengantaran. Bisa diubah kapan saja di Profil.
                  </span>
                </span>
              </label>
            ) : null}
          </CheckoutSection>
        </div>

        <aside className="lg:sticky lg:top-24">
          <OrderSummary
            ready={cart.ready}
            lines={cart.lines}
            freshIds={c.freshIds}
            problems={c.problems}
            refreshing={c.refreshing}
            fee={fee}
            belowMinimum={belowMinimum}
            linesError={fieldErrors.lines && !c.dialog ? fieldErrors.lines : undefined}
            busy={c.busy}
            disabled={disabled}
            missing={disabled && !c.busy && c.placed === null ? missing : []}
            promo={
              applied && promoOff
                ? { code: applied.code, terms: applied.terms, goods: promoOff.goods, fee: promoOff.fee }
                : null
            }
            promoField={
              <PromoCodeField
                value={promoCode}
                onChange={(code) => {
                  setPromoCode(code);
                  c.clearError("promoCode");
                }}
                applied={applied}
                error={promoError}
                busy={c.checkingPromo}
              />
            }
          />
        </aside>
      </Form>

      <NotifyDialog
        open={c.dialog !== null}
        onOpenChange={(open) => !open && c.closeDialog()}
        title={c.dialog?.title ?? ""}
        description={c.dialog?.message}
        tone="error"
      />
      <PlacedDialog placed={c.placed} onClose={c.leaveToSuccess} onChatOpened={c.markChatOpened} />
    </div>
  );
}
