// /profile: tabs Profil (view and edit), Pesanan (latest orders) and Keluar. Signed-in users only.
import { BalanceCard } from "~/components/balance-card";
import { loadCustomerBalance } from "~/server/payments/balance.server";
import { useEffect, useState } from "react";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { BadgeCheck, ChevronRight, LogOut, MailWarning, Package, Pencil, ShoppingBag, User } from "lucide-react";
import { Notice, PasswordInput, useSubmitting, useNavigateWhenIdle } from "~/components/account-form";
import { Field } from "~/components/ui/field";
import { ProfileForm } from "~/components/profile-form";
import { OrderTotalAmount } from "~/components/order-total";
import { Button, buttonClass } from "~/components/ui/button";
import { NotifyDialog } from "~/components/ui/dialog";
import { ACCOUNT_TEXT, PASSWORD_MAX_LENGTH } from "~/lib/account-rules";
import { formatDate } from "~/lib/dates";
import { shortOrderId } from "~/lib/orders";
import { isOrderStatus, ORDER_STATUS, orderStatusLabel } from "~/lib/vocab/order-statuses";
import { cn } from "~/lib/utils";
import { formSuccess, type FormResult } from "~/lib/form";
import { deliveryAreaText } from "~/components/checkout/delivery-area-select";
import {
  accountDeps,
  CHANGE_PASSWORD_FORM,
  changePassword,
  getProfile,
  profileInvalidMessage,
  profileSchema,
  resendVerificationEmail,
  updateProfile,
} from "~/server/accounts/customer.server";
import { loadDeliveryAreas } from "~/server/delivery/slots.server";
import { formAction } from "~/server/form-action.server";
import { listRecentOrdersForCustomer } from "~/server/orders/customer.server";
import { authHeaders, setCookieHeaders } from "~/server/accounts/session.server";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/profile";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { hasWhatsappConsent, setWhatsappConsent } from "~/server/whatsapp/messages.server";
import { actorOf } from "~/server/accounts/access.server";

const whatsappConsentSchema = z.object({
  whatsappConsent: z.preprocess((v) => v === "1", z.boolean()),
});

const TABS = [
  { id: "profil", label: "Profil", Icon: User },
  { id: "pesanan", label: "Pesanan", Icon: Package },
  { id: "keluar", label: "Keluar", Icon: LogOut },
] as const;
type TabId = (typeof TABS)[number]["id"];
const RECENT_ORDERS = 5;

function tabOf(value: string | null): TabId {
  return TABS.some((t) => t.id === value) ? (value as TabId) : "profil";
}

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "customer" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  const [profile, orders, areas, balance, whatsappConsent] = await Promise.all([
    getProfile(db, user.id),
    listRecentOrdersForCustomer(db, user.id, RECENT_ORDERS),
    loadDeliveryAreas(db),
    loadCustomerBalance(db, user.id),
    hasWhatsappConsent(db, user.id),
  ]);
  if (!profile) throw redirect("/login?redirect=%2Fprofile");
  const params = new URL(request.url).searchParams;
  return {
    profile: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      address: profile.address,
      area: profile.deliveryAreaId,
      emailVerified: profile.emailVerified,
    },
    areas,
    orders,
    balance,
    whatsappConsent,
    tab: tabOf(params.get("tab")),
    editing: params.get("edit") === "1",
    saved: params.get("saved") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  // Three forms on one page, told apart by their intent; each goes through the one form contract.
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "resend-verification") {
    const deps = await accountDeps(db);
    return formAction(request, {
      name: "verification mail resend",
      schema: z.object({}),
      echo: ["intent"],
      call: async () => {
        const result = await resendVerificationEmail(deps, user, authHeaders(request));
        return {
          ...result,
          intent: "resend-verification" as const,
          title: result.ok ? "Email Terkirim" : result.title,
        };
      },
    });
  }
  if (intent === "whatsapp-consent") {
    return formAction(request, {
      name: "whatsapp consent",
      schema: whatsappConsentSchema,
      echo: ["intent"],
      call: async ({ whatsappConsent }) => {
        await setWhatsappConsent(db, user.id, whatsappConsent);
        return formSuccess(
          whatsappConsent
            ? "Kabar pesanan akan dikirim ke WhatsApp Anda."
            : "Kabar pesanan tidak lagi dikirim ke WhatsApp Anda.",
          { intent: "whatsapp-consent" as const, title: "Pilihan WhatsApp Disimpan" },
        );
      },
      documentRedirectTo: () => "/profile",
    });
  }
  if (intent === "change-password") {
    const deps = await accountDeps(db);
    let cookies: Headers | undefined;
    return formAction(request, {
      name: "password change",
      ...CHANGE_PASSWORD_FORM,
      // Only the intent comes back, so a refusal shows on this form: never a password.
      echo: ["intent"],
      call: async (input) => {
        const result = await changePassword(deps, user, authHeaders(request), input);
        if (!result.ok) return { ...result, intent: "change-password" as const };
        cookies = result.headers;
        return formSuccess(result.message, {
          intent: "change-password" as const,
          title: ACCOUNT_TEXT.passwordChangedHereTitle,
        });
      },
      headers: () => (cookies ? setCookieHeaders(cookies) : undefined),
    });
  }
  return formAction(request, {
    name: "profile save",
    schema: profileSchema,
    echo: ["name", "phone", "address", "area"],
    invalid: { title: ACCOUNT_TEXT.profileIncompleteTitle, message: profileInvalidMessage },
    call: async (input) => {
      const result = await updateProfile(db, user.id, input);
      return {
        ...result,
        intent: "save-profile" as const,
        title: result.ok ? ACCOUNT_TEXT.profileSavedTitle : result.title,
      };
    },
    documentRedirectTo: () => "/profile?saved=1",
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Profil Saya",
    description: "Profil, pesanan terbaru dan pengaturan akun Anda.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
}

type DialogState = { title: string; message: string; tone: "default" | "error" };

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, areas, orders, balance, tab, editing, saved } = loaderData;
  const navigate = useNavigateWhenIdle();
  const [dialog, setDialog] = useState<DialogState | null>(null);

  useEffect(() => {
    if (!actionData) return;
    setDialog({ title: actionData.title, message: actionData.message, tone: actionData.ok ? "default" : "error" });
    // Saved: back to the read-only view, like pressing 'Selesai'.
    if (actionData.ok && "intent" in actionData && actionData.intent === "save-profile")
      navigate("/profile", { replace: true, preventScrollReset: true });
  }, [actionData, navigate]);

  // A refusal by parsing knows its form only by the intent it echoes back.
  const intent =
    actionData && "intent" in actionData
      ? actionData.intent
      : actionData && !actionData.ok
        ? (actionData.values.intent ?? "save-profile")
        : "save-profile";
  const resendResult = actionData && intent === "resend-verification" ? actionData : null;
  const passwordResult = actionData && intent === "change-password" ? actionData : null;
  // A refused profile form: from the server module, or from parsing (which knows no intent).
  const saveFailure =
    actionData && intent === "save-profile" && !actionData.ok && "values" in actionData ? actionData : null;
  const initial = profile.name.trim().charAt(0).toUpperCase() || "?";

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 pb-24 md:pt-10 md:pb-16">
      <h1 className="sr-only">Profil Saya</h1>
      <section
        className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-6"
        aria-label="Akun"
      >
        <div
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white"
          aria-hidden="true"
        >
          {initial}
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-bold text-stone-900">{profile.name}</p>
          <p className="truncate text-sm text-stone-700">{profile.email}</p>
          {profile.emailVerified ? (
            <p className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-brand-800">
              <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Email terverifikasi
            </p>
          ) : (
            <Form method="post" className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs" preventScrollReset>
              <input type="hidden" name="intent" value="resend-verification" />
              <span className="inline-flex items-center gap-1 font-semibold text-amber-800">
                <MailWarning className="h-4 w-4" aria-hidden="true" /> Email belum diverifikasi
              </span>
              <button type="submit" className="font-semibold text-brand-800 underline underline-offset-2">
                Kirim ulang email verifikasi
              </button>
            </Form>
          )}
        </div>
      </section>

      <BalanceCard balance={balance.balance} entries={balance.entries} />

      {resendResult ? (
        <Notice tone={resendResult.ok ? "success" : "error"} className="mt-4">
          {resendResult.message}
        </Notice>
      ) : null}

      <nav aria-label="Bagian profil" className="mt-4 grid grid-cols-3 gap-1 rounded-xl bg-stone-100 p-1">
        {TABS.map(({ id, label, Icon }) => (
          <Link
            key={id}
            to={id === "profil" ? "/profile" : `/profile?tab=${id}`}
            replace
            preventScrollReset
            aria-current={tab === id ? "page" : undefined}
            className={cn(
              "flex min-h-11 items-center justify-center gap-2 rounded-lg text-sm font-semibold",
              tab === id ? "bg-white text-brand-800 shadow-sm" : "text-stone-700 hover:text-stone-900",
            )}
          >
            <Icon className="h-4 w-4" aria-hidden="true" /> {label}
          </Link>
        ))}
      </nav>

      <div className="mt-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-6">
        {tab === "profil" ? (
          <section aria-labelledby="profil-heading">
            <div className="mb-4 flex items-center justify-between gap-3">
              <h2 id="profil-heading" className="text-lg font-bold">
                Informasi Profil
              </h2>
              {editing ? (
                <Link
                  to="/profile"
                  replace
                  preventScrollReset
                  className={buttonClass({ variant: "outline", size: "sm" })}
                >
                  Selesai
                </Link>
              ) : (
                <Link
                  to="/profile?edit=1"
                  replace
                  preventScrollReset
                  className={buttonClass({ variant: "outline", size: "sm" })}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                </Link>
              )}
            </div>
            {saved && !editing ? (
              <Notice tone="success" className="mb-4">
                {ACCOUNT_TEXT.profileSaved}
              </Notice>
            ) : null}
            {saveFailure ? (
              <Notice tone="error" title={saveFailure.title} className="mb-4">
                {saveFailure.message}
              </Notice>
            ) : null}
            {editing || saveFailure ? (
              <ProfileForm
                values={{ ...profile, ...(saveFailure?.values ?? {}) }}
                errors={saveFailure?.fieldErrors}
                areas={areas}
                submitLabel="Simpan Profil"
                onProblem={(title, message) => setDialog({ title, message, tone: "error" })}
              />
            ) : (
              <dl className="divide-y divide-stone-100">
                {[
                  ["Nama Lengkap", profile.name],
                  ["Email", profile.email],
                  ["Nomor Telepon", profile.phone],
                  ["Alamat", profile.address],
                  ["Area Pengiriman", deliveryAreaText(areas, profile.area)],
                ].map(([label, value]) => (
                  <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
                    <dt className="text-sm font-medium text-stone-600">{label}</dt>
                    <dd
                      className={cn(
                        "text-sm break-words whitespace-pre-line sm:col-span-2",
                        value ? "text-stone-900" : "text-stone-500 italic",
                      )}
                    >
                      {value || "Belum diisi"}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            <Form method="post" className="mt-4 rounded-lg border border-stone-200 p-3" preventScrollReset>
              <input type="hidden" name="intent" value="whatsapp-consent" />
              <label className="flex items-start gap-2 text-sm text-stone-900">
                <input
                  type="checkbox"
                  name="whatsappConsent"
                  value="1"
                  defaultChecked={loaderData.whatsappConsent}
                  key={String(loaderData.whatsappConsent)}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-green-700"
                />
                <span>
                  <strong>Kirim kabar pesanan ke WhatsApp saya</strong>
                  <span className="block text-stone-700">
                    Pesanan diterima, tagihan final, pembayaran dan pengantaran, ke nomor di pesanan Anda.
                  </span>
                </span>
              </label>
              <button type="submit" className={buttonClass({ variant: "outline", size: "sm", className: "mt-2" })}>
                Simpan Pilihan WhatsApp
              </button>
              {actionData && "intent" in actionData && actionData.intent === "whatsapp-consent" ? (
                <p role="status" className="mt-2 text-sm text-green-800">
                  {actionData.message}
                </p>
              ) : null}
            </Form>
            <ChangePasswordForm result={passwordResult} />
          </section>
        ) : null}

        {tab === "pesanan" ? <OrdersTab orders={orders} /> : null}

        {tab === "keluar" ? (
          <section aria-labelledby="keluar-heading" className="py-4 text-center">
            <h2 id="keluar-heading" className="text-lg font-bold">
              Keluar dari Akun
            </h2>
            <p className="mt-2 text-sm text-stone-700">
              Anda akan keluar dari akun <strong className="break-all">{profile.email}</strong> di perangkat ini. Isi
              keranjang tetap tersimpan.
            </p>
            <Form method="post" action="/logout" className="mt-6">
              <LogoutButton />
            </Form>
          </section>
        ) : null}
      </div>

      <NotifyDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.title ?? ""}
        description={dialog?.message}
        tone={dialog?.tone}
      />
    </div>
  );
}

function LogoutButton() {
  const submitting = useSubmitting();
  return (
    <Button
      type="submit"
      variant="destructive"
      size="lg"
      className="w-full sm:w-auto sm:min-w-48"
      disabled={submitting}
    >
      <LogOut className="h-5 w-5" aria-hidden="true" /> {submitting ? "Memproses..." : "Keluar"}
    </Button>
  );
}

function OrdersTab({ orders }: { orders: Route.ComponentProps["loaderData"]["orders"] }) {
  return (
    <section aria-labelledby="pesanan-heading">
      <h2 id="pesanan-heading" className="mb-4 text-lg font-bold">
        Pesanan Terbaru
      </h2>
      {orders.length === 0 ? (
        <div className="py-8 text-center">
          <ShoppingBag className="mx-auto h-12 w-12 text-stone-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-stone-900">Belum Ada Pesanan</p>
          <p className="mt-1 text-sm text-stone-700">Pesanan Anda akan tampil di sini setelah Anda berbelanja.</p>
          <Link to="/products" className={buttonClass({ className: "mt-5" })}>
            Mulai Belanja
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {orders.map((order) => (
            <li key={order.id}>
              <Link
                to={`/orders/${order.id}`}
                className="hover:border-brand-300 flex items-center gap-3 rounded-xl border border-stone-200 p-3 hover:bg-brand-50/40"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-bold text-stone-900">#{shortOrderId(order.id)}</span>
                    <span
                      className={cn(
                        "rounded-full px-2 py-0.5 text-xs font-semibold ring-1",
                        isOrderStatus(order.status)
                          ? ORDER_STATUS[order.status].badge
                          : "bg-stone-100 text-stone-800 ring-stone-300",
                      )}
                    >
                      {orderStatusLabel(order.status)}
                    </span>
                  </div>
                  <p className="mt-1 text-xs text-stone-600">
                    {formatDate(order.createdAt)} · {order.itemCount} produk
                  </p>
                </div>
                <div className="text-right">
                  <p className="text-sm font-bold text-stone-900">
                    <OrderTotalAmount order={order} noteClassName="text-[11px]" />
                  </p>
                </div>
                <ChevronRight className="h-5 w-5 shrink-0 text-stone-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
          <li>
            <Link to="/orders" className={buttonClass({ variant: "secondary", className: "w-full" })}>
              Lihat Semua
            </Link>
          </li>
        </ul>
      )}
    </section>
  );
}

/** Changing the password ends every other session of the account. */
function ChangePasswordForm({ result }: { result: FormResult | null }) {
  const errors = result && !result.ok ? result.fieldErrors : {};
  return (
    <details className="mt-6 rounded-xl border border-stone-200 p-4" open={result ? true : undefined}>
      <summary className="cursor-pointer font-semibold text-stone-900">Ubah Password</summary>
      {result ? (
        <Notice tone={result.ok ? "success" : "error"} className="mt-3">
          {result.message}
        </Notice>
      ) : null}
      <Form method="post" className="mt-3 space-y-3" preventScrollReset key={result?.ok ? "done" : "form"}>
        <input type="hidden" name="intent" value="change-password" />
        <Field label="Password Lama" error={errors.currentPassword}>
          {(p) => (
            <PasswordInput
              {...p}
              name="currentPassword"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
            />
          )}
        </Field>
        <Field label="Password Baru" error={errors.password} hint={ACCOUNT_TEXT.passwordHint}>
          {(p) => <PasswordInput {...p} name="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />}
        </Field>
        <Field label="Konfirmasi Password Baru" error={errors.confirmPassword}>
          {(p) => (
            <PasswordInput {...p} name="confirmPassword" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
          )}
        </Field>
        <Button type="submit" variant="outline">
          Simpan Password Baru
        </Button>
      </Form>
    </details>
  );
}
