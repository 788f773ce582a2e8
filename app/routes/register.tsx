// /register: a customer account with name, e-mail, phone and address. The shopper is signed
// in at once and goes back to the page they came from (`redirect`, a path on this site only)
// with a short notice; the verification mail goes out and verifying blocks nothing.
import { useEffect, useState, type FormEvent } from "react";
import { Form, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { UserPlus } from "lucide-react";
import { AuthCard, Notice, PasswordInput, useSubmitting, useNavigateWhenIdle } from "~/components/account-form";
import { Button } from "~/components/ui/button";
import { NotifyDialog } from "~/components/ui/dialog";
import { useToast } from "~/components/ui/toast";
import { Field, Input, Textarea } from "~/components/ui/field";
import {
  ACCOUNT_TEXT,
  ADDRESS_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from "~/lib/account-rules";
import { pageMeta } from "~/lib/page-meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { formSuccess } from "~/lib/form";
import { accountDeps, REGISTER_FORM, registerCustomer } from "~/server/accounts/customer.server";
import { formAction } from "~/server/form-action.server";
import { clientKey } from "~/server/rate-limit.server";
import { authHeaders, setCookieHeaders } from "~/server/accounts/session.server";
import type { Route } from "./+types/register";
import { dbOf, userOf } from "~/server/request-context.server";
import { isDataRequest } from "~/server/http-cache.server";
import { routePolicy } from "~/server/route-policy.server";

function loginHref(redirectTo: string) {
  return redirectTo === "/" ? "/login" : `/login?redirect=${encodeURIComponent(redirectTo)}`;
}

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  if (await userOf(context)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = await accountDeps(await dbOf(context));
  let cookies: Headers | undefined;
  return formAction(request, {
    name: "registration",
    ...REGISTER_FORM,
    call: async (input, form) => {
      const result = await registerCustomer(deps, input, { key: clientKey(request), headers: authHeaders(request) });
      if (!result.ok) return result;
      cookies = result.headers;
      return formSuccess(result.message, { redirectTo: safeRedirect(form.get("redirect")) });
    },
    headers: () => (cookies ? setCookieHeaders(cookies) : undefined),
    // Only the page's own data request stays: it shows its notice and moves on itself.
    redirectTo: ({ redirectTo }) => (isDataRequest(request) ? null : redirectTo),
  });
}

// Signed in now, this page's loader would send the shopper on before the notice is shown.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Daftar",
    description: "Buat akun untuk memesan sayur segar dari petani Jember.",
    shopName: matches[0]?.data?.shop.name,
  });
}

type DialogState = { title: string; message: string; tone: "default" | "error" };

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const navigate = useNavigateWhenIdle();
  const toast = useToast();
  const submitting = useSubmitting();
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const failure = actionData && !actionData.ok ? actionData : null;
  const success = actionData?.ok ? actionData : null;

  useEffect(() => {
    if (!actionData) return;
    if (!actionData.ok) {
      setDialog({ title: actionData.title, message: actionData.message, tone: "error" });
      return;
    }
    toast({ title: ACCOUNT_TEXT.registerSuccessTitle, description: actionData.message });
    navigate(actionData.redirectTo, { replace: true });
  }, [actionData, navigate, toast]);

  // The two dialogs before anything is sent; the server checks the same again.
  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    let message: string | null = null;
    if (password !== String(form.get("confirmPassword") ?? "")) message = ACCOUNT_TEXT.passwordMismatch;
    else if (!form.get("terms")) message = ACCOUNT_TEXT.termsRequired;
    else if (password.length < PASSWORD_MIN_LENGTH) message = ACCOUNT_TEXT.passwordTooShort;
    if (message) {
      event.preventDefault();
      setDialog({ title: ACCOUNT_TEXT.validationTitle, message, tone: "error" });
    }
  }

  const errors = failure?.fieldErrors ?? {};
  const values = failure?.values;

  return (
    <AuthCard
      title="Daftar Akun"
      subtitle="Buat akun untuk mulai memesan sayur segar."
      icon={<UserPlus className="h-6 w-6" aria-hidden="true" />}
      footer={
        <>
          Sudah punya akun?{" "}
          <Link to={loginHref(redirectTo)} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
            Masuk
          </Link>
        </>
      }
    >
      {failure ? (
        <Notice tone="error" title={failure.title} className="mb-4">
          {failure.message}
        </Notice>
      ) : null}
      <Form method="post" className="space-y-4" onSubmit={checkBeforeSending}>
        <input type="hidden" name="redirect" value={redirectTo} />
        <Field label="Nama Lengkap" error={errors.name} required>
          {(p) => (
            <Input
              {...p}
              name="name"
              autoComplete="name"
              defaultValue={values?.name}
              maxLength={NAME_MAX_LENGTH}
              placeholder="Nama sesuai penerima pesanan"
            />
          )}
        </Field>
        <Field label="Email" error={errors.email} required>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              defaultValue={values?.email}
              maxLength={254}
              placeholder="nama@email.com"
            />
          )}
        </Field>
        <Field
          label="Nomor Telepon"
          error={errors.phone}
          hint="Nomor WhatsApp aktif untuk konfirmasi pesanan."
          required
        >
          {(p) => (
            <Input
              {...p}
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              defaultValue={values?.phone}
              maxLength={PHONE_MAX_LENGTH}
              placeholder="08xxxxxxxxxx"
            />
          )}
        </Field>
        <Field label="Alamat" error={errors.address} required>
          {(p) => (
            <Textarea
              {...p}
              name="address"
              autoComplete="street-address"
              rows={3}
              defaultValue={values?.address}
              maxLength={ADDRESS_MAX_LENGTH}
              placeholder="Nama jalan, nomor rumah, RT/RW, kelurahan, kecamatan"
            />
          )}
        </Field>
        <Field label="Password" error={errors.password} hint={ACCOUNT_TEXT.passwordHint} required>
          {(p) => <PasswordInput {...p} name="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />}
        </Field>
        <Field label="Konfirmasi Password" error={errors.confirmPassword} required>
          {(p) => (
            <PasswordInput {...p} name="confirmPassword" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
          )}
        </Field>
        <div>
          <label className="flex items-start gap-3 text-sm text-stone-800">
            <input
              type="checkbox"
              name="terms"
              defaultChecked={values?.terms === "on"}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "terms-error" : undefined}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-stone-400 accent-brand-700"
            />
            <span>
              Saya menyetujui{" "}
              <Link to="/terms" className="font-semibold text-brand-800 underline">
                Syarat dan Ketentuan
              </Link>{" "}
              serta{" "}
              <Link to="/privacy" className="font-semibold text-brand-800 underline">
                Kebijakan Privasi
              </Link>
              .
            </span>
          </label>
          {errors.terms ? (
            <p id="terms-error" role="alert" className="mt-1.5 text-sm text-red-700">
              {errors.terms}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting || Boolean(success)}>
          {submitting ? "Memproses..." : "Daftar"}
        </Button>
      </Form>

      <NotifyDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.title ?? ""}
        description={dialog?.message}
        tone={dialog?.tone}
      />
    </AuthCard>
  );
}
