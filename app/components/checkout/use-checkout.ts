// The checkout page's state: what was typed and chosen, the cart's fresh prices and the
// delivery choices of this moment (refreshed after each submit), the answer of the last
// submit, and the order once placed (its WhatsApp chat opened, then the thank-you page).
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import { useCart } from "~/components/cart-provider";
import { useFreshCart } from "~/components/fresh-cart";
import {
  CHECKOUT_FAILED_TITLE,
  INCOMPLETE_MESSAGE,
  INCOMPLETE_TITLE,
  parseCheckout,
  type CheckoutAnswer,
  type CheckoutFieldErrors,
} from "~/lib/checkout";
import type { DeliveryDay, DeliveryPromise, SlotChoice } from "~/lib/delivery";
import type { DeliveryArea } from "~/lib/delivery-settings";
import { OUTSIDE_AREA } from "~/lib/vocab/delivery-areas";
import type { PaymentMethod } from "~/lib/vocab/payment-methods";
import { deliveryValue } from "./delivery-slot-picker";
import type { AccountMode } from "./account-part";

export type CheckoutDelivery = {
  days: DeliveryDay[];
  earliest: SlotChoice | null;
  promise: DeliveryPromise | null;
  areas: DeliveryArea[];
  minimumOrder: number;
};

export type CheckoutPageData = {
  prefill: { name: string; phone: string; address: string };
  idempotencyKey: string;
  delivery: CheckoutDelivery;
  rememberedArea: string | null;
  paymentOptions: { method: PaymentMethod; detail: string }[];
  /** Not signed in: the page asks for the account ('Akun') too. */
  guest: boolean;
};

const ACCOUNT_EMAIL_MISSING = "Email wajib diisi untuk akun Anda.";
const ACCOUNT_PASSWORD_MISSING = "Password wajib diisi.";

export type CheckoutValues = {
  name: string;
  phone: string;
  address: string;
  notes: string;
  /** "2026-11-26|pagi" */
  delivery: string;
  area: string;
  paymentMethod: string;
};

/** The area chosen last time while it is still offered (or outside the areas), else none yet. */
function initialArea(areas: readonly DeliveryArea[], remembered: string | null): string {
  if (remembered === OUTSIDE_AREA || areas.some((a) => a.id === remembered)) return remembered ?? "";
  return "";
}

/** Moves focus to the first field with a message, so it is seen and read out. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: CheckoutFieldErrors) {
  const field = (["email", "password", "name", "phone", "address", "notes", "paymentMethod"] as const).find(
    (f) => errors[f],
  );
  const element = field ? form?.elements.namedItem(field) : null;
  if (element instanceof HTMLElement) element.focus();
  else if (element instanceof RadioNodeList && element[0] instanceof HTMLElement) element[0].focus();
}

export function useCheckout(loaderData: CheckoutPageData, actionData: CheckoutAnswer | undefined) {
  const cart = useCart();
  const navigate = useNavigate();
  const navigation = useNavigation();

  // One key per visit: a double click or a retried request stores one order.
  const [idempotencyKey] = useState(loaderData.idempotencyKey);
  // A refused plain form post (no scripts) comes back with what was typed: nothing is lost.
  const typed: Partial<Record<string, string>> = actionData && !actionData.ok ? (actionData.values ?? {}) : {};
  const [values, setValues] = useState<CheckoutValues>({
    name: typed.name ?? loaderData.prefill.name,
    phone: typed.phone ?? loaderData.prefill.phone,
    address: typed.address ?? loaderData.prefill.address,
    notes: typed.notes ?? "",
    delivery: typed.delivery ?? (loaderData.delivery.earliest ? deliveryValue(loaderData.delivery.earliest) : ""),
    area: typed.area ?? initialArea(loaderData.delivery.areas, loaderData.rememberedArea),
    paymentMethod: typed.paymentMethod ?? loaderData.paymentOptions[0]?.method ?? "",
  });
  const [account, setAccount] = useState<{ mode: AccountMode; email: string }>({
    mode: typed.account === "login" ? "login" : "register",
    email: typed.email ?? "",
  });
  const [fieldErrors, setFieldErrors] = useState<CheckoutFieldErrors>({});
  const [dialog, setDialog] = useState<{ title: string; message: string } | null>(null);
  const [placed, setPlaced] = useState<{ orderId: string; chatUrl: string; chatOpened: boolean } | null>(null);
  const handledAction = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const posting =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.startsWith("/checkout") === true;
  // 'Pakai' posts the same form to check a promo code: that is not placing the order.
  const checkingPromo = posting && navigation.formData?.get("intent") === "promo";
  const busy = posting && !checkingPromo;

  // The summary shows the shop's prices of this moment, not what the browser remembered,
  // asked again after a refused order (stock may have moved meanwhile).
  const fresh = useFreshCart(actionData && !actionData.ok ? actionData : undefined);
  const freshIds = useMemo(() => (fresh.products ? new Set(fresh.products.map((p) => p.id)) : null), [fresh.products]);

  // Dates, counts and areas of this moment: from the page, refreshed with it after each submit.
  const { delivery } = loaderData;

  // A choice that closed or filled up meanwhile gives way to the earliest open one.
  useEffect(() => {
    const open = delivery.days.flatMap((d) => d.slots).filter((s) => !s.full);
    setValues((v) =>
      open.some((s) => deliveryValue(s) === v.delivery)
        ? v
        : { ...v, delivery: delivery.earliest ? deliveryValue(delivery.earliest) : "" },
    );
  }, [delivery]);

  useEffect(() => {
    if (cart.ready && cart.lines.length === 0 && !placed) navigate("/cart", { replace: true });
  }, [cart.ready, cart.lines.length, placed, navigate]);

  useEffect(() => {
    if (!actionData || handledAction.current === actionData) return;
    handledAction.current = actionData;
    if (!actionData.ok) {
      setFieldErrors(actionData.fieldErrors);
      const showDialog = actionData.dialog !== false;
      setDialog(showDialog ? { title: actionData.title, message: actionData.message } : null);
      if (!showDialog) focusFirstInvalid(formRef.current, actionData.fieldErrors);
      return;
    }
    cart.clear();
    const chat = window.open(actionData.chatUrl, "_blank");
    if (chat) chat.opener = null;
    setPlaced({ orderId: actionData.orderId, chatUrl: actionData.chatUrl, chatOpened: Boolean(chat) });
  }, [actionData, cart]);

  // Two seconds after the chat opened, the thank-you page.
  useEffect(() => {
    if (!placed?.chatOpened) return;
    const timer = window.setTimeout(() => navigate(`/order-success?order=${placed.orderId}`), 2000);
    return () => window.clearTimeout(timer);
  }, [placed, navigate]);

  const problems = useMemo(() => {
    const map = new Map<string, string>();
    if (actionData && !actionData.ok) for (const p of actionData.problems ?? []) map.set(p.productId, p.message);
    return map;
  }, [actionData]);

  /** Sets one value and clears its message (and the messages of fields tied to it). */
  const change = (field: keyof CheckoutValues, value: string, clears: (keyof CheckoutFieldErrors)[] = []) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => {
      const next = { ...e, [field]: undefined };
      for (const c of clears) next[c] = undefined;
      return next;
    });
  };

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // 'Pakai' checks the code only: the rest of the form need not be complete yet.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") === "promo") return;
    const [deliveryDate, slot] = values.delivery.split("|");
    const check = parseCheckout({
      ...values,
      paymentMethod: values.paymentMethod || undefined,
      deliveryDate,
      slot,
      lines: cart.lines.map((l) => ({
        productId: l.product.id,
        quantity: l.quantity,
        note: l.note ?? "",
        allowSubstitute: l.allowSubstitute === true,
      })),
      idempotencyKey,
    });
    // A visitor's e-mail and password: said in place before anything is sent.
    const accountErrors: CheckoutFieldErrors = {};
    if (loaderData.guest) {
      const form = new FormData(event.currentTarget);
      if (String(form.get("email") ?? "").trim() === "") accountErrors.email = ACCOUNT_EMAIL_MISSING;
      if (String(form.get("password") ?? "") === "") accountErrors.password = ACCOUNT_PASSWORD_MISSING;
    }
    if (check.success && Object.keys(accountErrors).length === 0) return;
    event.preventDefault();
    if (check.success) {
      setFieldErrors(accountErrors);
      focusFirstInvalid(event.currentTarget, accountErrors);
      return;
    }
    setFieldErrors({ ...accountErrors, ...check.fieldErrors });
    focusFirstInvalid(event.currentTarget, { ...accountErrors, ...check.fieldErrors });
    if (check.incomplete) setDialog({ title: INCOMPLETE_TITLE, message: INCOMPLETE_MESSAGE });
    else if (check.fieldErrors.lines) setDialog({ title: CHECKOUT_FAILED_TITLE, message: check.fieldErrors.lines });
  }

  return {
    cart,
    values,
    change,
    account,
    setAccountMode: (mode: AccountMode) => {
      setAccount((a) => ({ ...a, mode }));
      setFieldErrors((e) => ({ ...e, email: undefined, password: undefined }));
    },
    setAccountEmail: (email: string) => {
      setAccount((a) => ({ ...a, email }));
      setFieldErrors((e) => ({ ...e, email: undefined }));
    },
    fieldErrors,
    clearError: (field: keyof CheckoutFieldErrors) => setFieldErrors((e) => ({ ...e, [field]: undefined })),
    checkingPromo,
    dialog,
    closeDialog: () => setDialog(null),
    placed,
    markChatOpened: () => setPlaced((p) => (p ? { ...p, chatOpened: true } : p)),
    leaveToSuccess: () => placed && navigate(`/order-success?order=${placed.orderId}`),
    busy,
    refreshing: fresh.loading,
    freshIds,
    delivery,
    problems,
    idempotencyKey,
    formRef,
    onSubmit,
  };
}
