// /checkout: delivery details, the delivery window, notes, payment by WhatsApp and the
// order summary at the shop's current prices. The order is stored before the chat opens.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigate, useNavigation } from "react-router";
import {
  AlertTriangle,
  ArrowLeft,
  Clock,
  MapPin,
  MessageCircle,
  NotebookPen,
  ReceiptText,
  Truck,
  Wallet,
} from "lucide-react";
import type { Route } from "./+types/checkout";
import { useCart } from "~/components/cart-provider";
import { DeliveryAreaSelect } from "~/components/checkout/delivery-area-select";
import { DeliverySlotPicker, deliveryValue } from "~/components/checkout/delivery-slot-picker";
import { FeeRow, previewFee, shownFeeValue } from "~/components/checkout/delivery-summary";
import { OrderItemImage } from "~/components/order-item-image";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog, DialogContent, NotifyDialog } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/field";
import { cartTotals, describeLineAmount, lineSubtotal } from "~/lib/cart";
import { LineOptionsSummary } from "~/components/cart-line-options";
import { formatKg, WEIGHED_BADGE, WEIGHED_NOTE } from "~/lib/weight";
import {
  CHECKOUT_FAILED_MESSAGE,
  CHECKOUT_FAILED_TITLE,
  INCOMPLETE_MESSAGE,
  INCOMPLETE_TITLE,
  isIncomplete,
  parseCheckout,
  parseCheckoutForm,
  type CheckoutFieldErrors,
} from "~/lib/checkout";
import { minimumOrderMessage } from "~/lib/delivery";
import { OUTSIDE_AREA, type DeliveryArea } from "~/lib/delivery-settings";
import { formatRupiah, hasDiscount } from "~/lib/money";
import { storedOrderChatUrl } from "~/lib/order-message";
import { formatIndonesianPhone } from "~/lib/phone";
import { config } from "~/server/config.server";
import { loadDeliveryOptions, rememberedDeliveryArea } from "~/server/delivery.server";
import { log } from "~/server/logger.server";
import { loadCheckoutProducts, newIdempotencyKey, placeOrder, type OrderProblem } from "~/server/orders.server";
import { hitRateLimit, retryMessage } from "~/server/rate-limit.server";
import { requireUserOf, dbOf } from "~/server/request-context.server";

export function meta() {
  return [{ title: "Checkout - Sayur Jember" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserOf(context, request);
  const ids = new URL(request.url).searchParams.get("products");
  const db = await dbOf(context);
  const [delivery, rememberedArea, products] = await Promise.all([
    loadDeliveryOptions(db),
    rememberedDeliveryArea(db, user.id),
    // Fresh prices and stock for the ids of the browser's cart (the cart lives in localStorage).
    ids === null ? null : loadCheckoutProducts(db, ids.split(",", 101)),
  ]);
  return {
    prefill: { name: user.name, phone: formatIndonesianPhone(user.phone), address: user.address },
    idempotencyKey: newIdempotencyKey(),
    products,
    delivery,
    rememberedArea,
  };
}

type ActionFailure = {
  ok: false;
  fieldErrors: CheckoutFieldErrors;
  problems: OrderProblem[];
  dialog: { title: string; message: string } | null;
};

function failure(status: number, fields: Partial<ActionFailure>) {
  return data<ActionFailure>({ ok: false, fieldErrors: {}, problems: [], dialog: null, ...fields }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUserOf(context, request);
  const form = await request.formData();
  const parsed = parseCheckoutForm(form);
  if (!parsed.success) {
    const { fieldErrors, incomplete } = parsed;
    const cartProblem = fieldErrors.lines ?? fieldErrors.idempotencyKey;
    return failure(400, {
      fieldErrors,
      dialog: incomplete
        ? { title: INCOMPLETE_TITLE, message: INCOMPLETE_MESSAGE }
        : cartProblem
          ? { title: CHECKOUT_FAILED_TITLE, message: cartProblem }
          : null,
    });
  }

  const db = await dbOf(context);
  const limit = await hitRateLimit(db, `checkout:${user.id}`, 20, 10 * 60);
  if (!limit.allowed)
    return failure(429, { dialog: { title: CHECKOUT_FAILED_TITLE, message: retryMessage(limit.retryAfterSeconds) } });

  let result: Awaited<ReturnType<typeof placeOrder>>;
  try {
    result = await placeOrder(db, user, parsed.data);
  } catch (error) {
    log.error("checkout failed", { error, userId: user.id });
    return failure(500, { dialog: { title: CHECKOUT_FAILED_TITLE, message: CHECKOUT_FAILED_MESSAGE } });
  }
  if (!result.ok)
    return failure(409, {
      problems: result.problems,
      // A refused date or area is also named next to its field (the page reloads the choices).
      fieldErrors:
        result.field === "delivery"
          ? { deliveryDate: result.message }
          : result.field === "area"
            ? { area: result.message }
            : {},
      dialog: { title: CHECKOUT_FAILED_TITLE, message: result.message },
    });

  const { order, duplicate } = result;
  log.info("order placed", {
    orderId: order.id,
    userId: user.id,
    duplicate,
    lines: order.items.length,
    total: order.totalAmount,
  });
  // Without JavaScript the browser follows this to a page with the chat link.
  if (form.get("enhanced") !== "1") throw redirect(`/order-success?order=${order.id}`, 303);
  return { ok: true as const, orderId: order.id, chatUrl: storedOrderChatUrl(order, config().shop) };
}

/** The area chosen last time while it is still offered (or outside the areas), else none yet. */
function initialArea(areas: readonly DeliveryArea[], remembered: string | null): string {
  if (remembered === OUTSIDE_AREA || areas.some((a) => a.id === remembered)) return remembered ?? "";
  return "";
}

/** Moves focus to the first field with a message, so it is seen and read out. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: CheckoutFieldErrors) {
  const field = (["name", "phone", "address", "notes"] as const).find((f) => errors[f]);
  const element = field ? form?.elements.namedItem(field) : null;
  if (element instanceof HTMLElement) element.focus();
}

type Values = {
  name: string;
  phone: string;
  address: string;
  notes: string;
  /** "2026-11-26|pagi" */
  delivery: string;
  area: string;
};

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-6"
      aria-labelledby={`judul-${title}`}
    >
      <h2 id={`judul-${title}`} className="mb-4 flex items-center gap-2 text-lg font-bold text-stone-900">
        <span className="text-brand-700">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const fresh = useFetcher<typeof loader>();
  const { load: loadFresh } = fresh;

  // One key per visit: a double click or a retried request stores one order.
  const [idempotencyKey] = useState(loaderData.idempotencyKey);
  const [values, setValues] = useState<Values>({
    name: loaderData.prefill.name,
    phone: loaderData.prefill.phone,
    address: loaderData.prefill.address,
    notes: "",
    delivery: loaderData.delivery.earliest ? deliveryValue(loaderData.delivery.earliest) : "",
    area: initialArea(loaderData.delivery.areas, loaderData.rememberedArea),
  });
  const [fieldErrors, setFieldErrors] = useState<CheckoutFieldErrors>({});
  const [dialog, setDialog] = useState<{ title: string; message: string } | null>(null);
  const [placed, setPlaced] = useState<{ orderId: string; chatUrl: string; chatOpened: boolean } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const handledAction = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setHydrated(true), []);

  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.startsWith("/checkout") === true;

  // The summary shows the shop's prices of this moment, not what the browser remembered.
  const idsKey = useMemo(
    () =>
      cart.lines
        .map((l) => l.product.id)
        .sort()
        .join(","),
    [cart.lines],
  );
  useEffect(() => {
    if (cart.ready && idsKey !== "") loadFresh(`/checkout?products=${encodeURIComponent(idsKey)}`);
  }, [cart.ready, idsKey, loadFresh]);
  const freshProducts = fresh.data?.products ?? null;
  const { refresh } = cart;
  useEffect(() => {
    if (freshProducts) refresh(freshProducts);
  }, [freshProducts, refresh]);
  const freshIds = useMemo(() => (freshProducts ? new Set(freshProducts.map((p) => p.id)) : null), [freshProducts]);

  // Dates, counts and areas of this moment: from the page, then from each refresh.
  const [delivery, setDelivery] = useState(loaderData.delivery);
  useEffect(() => setDelivery(loaderData.delivery), [loaderData.delivery]);
  const freshDelivery = fresh.data?.delivery;
  useEffect(() => {
    if (freshDelivery) setDelivery(freshDelivery);
  }, [freshDelivery]);
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
      setDialog(actionData.dialog);
      if (!actionData.dialog) focusFirstInvalid(formRef.current, actionData.fieldErrors);
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
    if (actionData && !actionData.ok) for (const p of actionData.problems) map.set(p.productId, p.message);
    return map;
  }, [actionData]);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  const totals = cartTotals(cart.lines);
  const incomplete = isIncomplete(values);
  const fee = previewFee(delivery.areas, values.area, totals.totalAmount);
  const belowMinimum = minimumOrderMessage(totals.totalAmount, delivery.minimumOrder);
  const disabled =
    !cart.ready ||
    cart.lines.length === 0 ||
    incomplete ||
    belowMinimum !== null ||
    values.delivery === "" ||
    values.area === "" ||
    busy ||
    placed !== null;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const [deliveryDate, slot] = values.delivery.split("|");
    const check = parseCheckout({
      ...values,
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
    if (check.success) return;
    event.preventDefault();
    setFieldErrors(check.fieldErrors);
    focusFirstInvalid(event.currentTarget, check.fieldErrors);
    if (check.incomplete) setDialog({ title: INCOMPLETE_TITLE, message: INCOMPLETE_MESSAGE });
    else if (check.fieldErrors.lines) setDialog({ title: CHECKOUT_FAILED_TITLE, message: check.fieldErrors.lines });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 pb-24 md:pt-8 md:pb-12">
      <Link
        to="/cart"
        className="inline-flex items-center gap-1 text-sm font-semibold text-stone-700 hover:text-brand-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke Keranjang
      </Link>
      <h1 className="mt-2 text-2xl font-extrabold text-stone-900 md:text-3xl">Checkout</h1>

      <Form
        ref={formRef}
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start"
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        {cart.lines.map((line) => (
          <span key={line.product.id} hidden>
            <input type="hidden" name="productId" value={line.product.id} />
            <input type="hidden" name="quantity" value={line.quantity} />
            <input type="hidden" name="lineNote" value={line.note ?? ""} />
            <input type="hidden" name="lineSubstitute" value={line.allowSubstitute ? "1" : "0"} />
          </span>
        ))}

        <div className="space-y-5">
          <Section icon={<Truck className="h-5 w-5" aria-hidden="true" />} title="Informasi Pengiriman">
            <div className="space-y-4">
              <Field label="Nama Lengkap" required error={fieldErrors.name}>
                {(p) => (
                  <Input
                    {...p}
                    name="name"
                    autoComplete="name"
                    maxLength={100}
                    value={values.name}
                    onChange={set("name")}
                  />
                )}
              </Field>
              <Field
                label="Nomor Telepon"
                required
                error={fieldErrors.phone}
                hint="Nomor WhatsApp aktif, mis. 081234567890"
              >
                {(p) => (
                  <Input
                    {...p}
                    name="phone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    maxLength={30}
                    value={values.phone}
                    onChange={set("phone")}
                  />
                )}
              </Field>
              <Field label="Alamat Lengkap" required error={fieldErrors.address}>
                {(p) => (
                  <Textarea
                    {...p}
                    name="address"
                    autoComplete="street-address"
                    maxLength={500}
                    rows={3}
                    placeholder="Nama jalan, nomor rumah, RT/RW, kelurahan, patokan"
                    value={values.address}
                    onChange={set("address")}
                  />
                )}
              </Field>
            </div>
          </Section>

          <Section icon={<MapPin className="h-5 w-5" aria-hidden="true" />} title="Area Pengiriman">
            <DeliveryAreaSelect
              areas={delivery.areas}
              value={values.area}
              onChange={(area) => {
                setValues((v) => ({ ...v, area }));
                setFieldErrors((e) => ({ ...e, area: undefined }));
              }}
              error={fieldErrors.area}
            />
          </Section>

          <Section icon={<Clock className="h-5 w-5" aria-hidden="true" />} title="Waktu Pengiriman">
            <DeliverySlotPicker
              days={delivery.days}
              value={values.delivery}
              onChange={(value) => {
                setValues((v) => ({ ...v, delivery: value }));
                setFieldErrors((e) => ({ ...e, deliveryDate: undefined, slot: undefined }));
              }}
              error={fieldErrors.deliveryDate ?? fieldErrors.slot}
            />
          </Section>

          <Section icon={<NotebookPen className="h-5 w-5" aria-hidden="true" />} title="Catatan (Opsional)">
            <Field
              label="Catatan untuk pesanan"
              error={fieldErrors.notes}
              hint="Mis. patokan rumah atau permintaan khusus. Maksimal 500 karakter."
            >
              {(p) => (
                <Textarea {...p} name="notes" maxLength={500} rows={3} value={values.notes} onChange={set("notes")} />
              )}
            </Field>
          </Section>

          <Section icon={<Wallet className="h-5 w-5" aria-hidden="true" />} title="Metode Pembayaran">
            <label className="flex items-start gap-3 rounded-xl border border-brand-700 bg-brand-50 p-4 ring-1 ring-brand-700">
              <input
                type="radio"
                checked
                readOnly
                className="mt-1 h-4 w-4 accent-brand-700"
                aria-describedby="bayar-wa-info"
              />
              <span>
                <span className="flex items-center gap-2 font-semibold text-stone-900">
                  <MessageCircle className="h-4 w-4 text-brand-700" aria-hidden="true" /> Bayar via WhatsApp
                </span>
                <span id="bayar-wa-info" className="block text-sm text-stone-700">
                  Detail pesanan dikirim ke WhatsApp toko. CS kami mengonfirmasi pesanan, ongkos kirim, dan cara
                  pembayaran.
                </span>
              </span>
            </label>
          </Section>
        </div>

        <aside className="lg:sticky lg:top-24">
          <Section icon={<ReceiptText className="h-5 w-5" aria-hidden="true" />} title="Ringkasan Pesanan">
            {!cart.ready ? (
              <div className="space-y-3" aria-label="Memuat keranjang">
                {[0, 1].map((i) => (
                  <div key={i} className="h-14 animate-pulse rounded-lg bg-stone-100" />
                ))}
              </div>
            ) : (
              <ul className="divide-y divide-stone-100" aria-label="Produk yang dipesan">
                {cart.lines.map((line) => {
                  const unavailable = freshIds !== null && !freshIds.has(line.product.id);
                  const short = !unavailable && line.product.stock < line.quantity;
                  const weighed = line.product.sold_by_weight;
                  const problem = problems.get(line.product.id);
                  return (
                    <li key={line.product.id} className="flex gap-3 py-3 first:pt-0">
                      <OrderItemImage src={line.product.image_url} alt={line.product.name} className="h-14 w-14" />
                      <div className="min-w-0 flex-1">
                        <p className="font-semibold text-stone-900">{line.product.name}</p>
                        <p className="text-sm text-stone-700">
                          {describeLineAmount(line)}
                          {hasDiscount(line.product.discount) ? (
                            <>
                              {" "}
                              <s className="text-stone-500">{formatRupiah(line.product.price)}</s>
                            </>
                          ) : null}
                          {weighed ? (
                            <span className="text-stone-500"> · {WEIGHED_BADGE}</span>
                          ) : (
                            <span className="text-stone-500"> · {line.product.unit}</span>
                          )}
                        </p>
                        <LineOptionsSummary note={line.note} allowSubstitute={line.allowSubstitute} />
                        {problem || unavailable || short ? (
                          <p className="mt-1 flex items-start gap-1 text-sm text-red-700">
                            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                            {problem ??
                              (unavailable
                                ? "Produk ini sudah tidak tersedia."
                                : `Stok tersisa ${weighed ? formatKg(line.product.stock) : line.product.stock}.`)}
                          </p>
                        ) : null}
                      </div>
                      <p className="text-right font-semibold whitespace-nowrap text-stone-900">
                        {formatRupiah(lineSubtotal(line))}
                        {weighed ? <span className="block text-xs font-normal text-stone-600">perkiraan</span> : null}
                      </p>
                    </li>
                  );
                })}
              </ul>
            )}
            {fresh.state === "loading" ? <p className="mt-2 text-xs text-stone-600">Memperbarui harga...</p> : null}
            <dl className="mt-4 space-y-2 border-t border-stone-200 pt-4 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-stone-700">Subtotal ({totals.lineCount} produk)</dt>
                <dd className="font-semibold">{formatRupiah(totals.totalAmount)}</dd>
              </div>
              <FeeRow quote={fee} />
              <div className="flex justify-between gap-4 border-t border-stone-200 pt-3 text-base">
                <dt className="font-bold">{totals.hasWeighed ? "Total (perkiraan)" : "Total"}</dt>
                <dd className="font-extrabold text-brand-800" data-testid="checkout-total">
                  {formatRupiah(totals.totalAmount + (fee?.kind === "area" ? fee.fee : 0))}
                </dd>
              </div>
            </dl>
            <input type="hidden" name="shownFee" value={shownFeeValue(fee)} />
            {fee?.kind === "area" ? null : (
              <p className="mt-2 text-xs text-stone-600">
                {fee ? "*Belum termasuk ongkir: dikonfirmasi CS lewat WhatsApp" : "*Pilih area untuk melihat ongkir"}
              </p>
            )}
            {totals.hasWeighed ? <p className="mt-1 text-xs text-stone-600">*{WEIGHED_NOTE}</p> : null}
            {fieldErrors.lines && !dialog ? (
              <p className="mt-3 text-sm text-red-700" role="alert">
                {fieldErrors.lines}
              </p>
            ) : null}
            {belowMinimum && cart.ready ? (
              <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="minimal-belanja">
                {belowMinimum}
              </p>
            ) : null}
            <Button type="submit" size="lg" className="mt-5 w-full" disabled={disabled}>
              {busy ? "Memproses..." : "Pesan Sekarang"}
            </Button>
          </Section>
        </aside>
      </Form>

      <NotifyDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.title ?? ""}
        description={dialog?.message}
        tone="error"
      />

      <Dialog
        open={placed !== null}
        onOpenChange={(open) => {
          if (!open && placed) navigate(`/order-success?order=${placed.orderId}`);
        }}
      >
        <DialogContent
          title="Pesanan Berhasil"
          description="Anda akan diarahkan ke WhatsApp untuk menyelesaikan pembayaran."
        >
          {placed ? (
            <div className="mt-5 space-y-3">
              {!placed.chatOpened ? (
                <p className="text-sm text-stone-700">Jika WhatsApp belum terbuka, tekan tombol di bawah ini.</p>
              ) : null}
              <a
                href={placed.chatUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass({ className: "w-full" })}
                onClick={() => setPlaced((p) => (p ? { ...p, chatOpened: true } : p))}
              >
                <MessageCircle className="h-4 w-4" aria-hidden="true" /> Buka WhatsApp
              </a>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
