// /login: e-mail and password, back to the page that was asked for (a path on this site only).
import { useEffect, useState } from "react";
import { Form, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { LogIn } from "lucide-react";
import { AuthCard, Notice, PasswordInput, useSubmitting, useNavigateWhenIdle } from "~/components/account-form";
import { Button } from "~/components/ui/button";
import { NotifyDialog } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/field";
import { ACCOUNT_TEXT } from "~/lib/account-rules";
import { pageMeta } from "~/lib/page-meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { isCourierRole } from "~/lib/roles";
import { formSuccess } from "~/lib/form";
import { accountDeps, LOGIN_FORM, signIn } from "~/server/accounts/customer.server";
import { formAction } from "~/server/form-action.server";
import { clientKey } from "~/server/rate-limit.server";
import { authHeaders, setCookieHeaders } from "~/server/accounts/session.server";
import type { Route } from "./+types/login";
import { dbOf, userOf } from "~/server/request-context.server";
import { isDataRequest } from "~/server/http-cache.server";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  if (await userOf(context)) throw redirect(redirectTo);
  return {
    redirectTo,
    resetInvalid: url.searchParams.get("reset") === "invalid",
    passwordChanged: url.searchParams.get("reset") === "done",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = await accountDeps(await dbOf(context));
  let cookies: Headers | undefined;
  return formAction(request, {
    name: "login",
    ...LOGIN_FORM,
    call: async (input, form) => {
      const result = await signIn(deps, input, { key: clientKey(request), headers: authHeaders(request) });
      if (!result.ok) return result;
      cookies = result.headers;
      const next = safeRedirect(form.get("redirect"));
      // A courier's home is their run.
      return formSuccess(result.message, {
        redirectTo: next === "/" && isCourierRole(result.user.role) ? "/kurir" : next,
      });
    },
    headers: () => (cookies ? setCookieHeaders(cookies) : undefined),
    // Only the page's own data request stays: it shows its dialog and moves on itself.
    redirectTo: ({ redirectTo }) => (isDataRequest(request) ? null : redirectTo),
  });
}

// After a successful login the page shows its dialog first; re-running this loader would
// send the now signed-in visitor on before the dialog's 1.5 s are over.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Masuk",
    description: "Masuk ke akun Anda untuk berbelanja sayur segar dan melihat pesanan.",
    shopName: matches[0]?.data?.shop.name,
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, resetInvalid, passwordChanged } = loaderData;
  const navigate = useNavigateWhenIdle();
  const submitting = useSubmitting();
  const [dialog, setDialog] = useState<{ title: string; message: string; tone: "default" | "error" } | null>(null);
  const failure = actionData && !actionData.ok ? actionData : null;
  const success = actionData?.ok ? actionData : null;

  useEffect(() => {
    if (!actionData) return;
    if (!actionData.ok) {
      setDialog({ title: actionData.title, message: actionData.message, tone: "error" });
      return;
    }
    setDialog({
      title: ACCOUNT_TEXT.loginSuccessTitle,
      message: actionData.message,
      tone: "default",
    });
    const timer = setTimeout(() => navigate(actionData.redirectTo, { replace: true }), 1500);
    return () => clearTimeout(timer);
  }, [actionData, navigate]);

  const registerHref = redirectTo === "/" ? "/register" : `/register?redirect=${encodeURIComponent(redirectTo)}`;
  const fieldErrors = failure?.fieldErrors ?? {};

  return (
    <AuthCard
      title="Masuk"
      subtitle="Masuk ke akun Anda untuk mulai berbelanja."
      icon={<LogIn className="h-6 w-6" aria-hidden="true" />}
      footer={
        <>
          Belum punya akun?{" "}
          <Link to={registerHref} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
            Daftar sekarang
          </Link>
        </>
      }
    >
      <div className="space-y-3">
        {redirectTo === "/checkout" ? (
          <Notice tone="info">Silakan login terlebih dahulu untuk melanjutkan ke checkout.</Notice>
        ) : null}
        {passwordChanged ? (
          <Notice tone="success" title={ACCOUNT_TEXT.passwordChangedTitle}>
            Silakan masuk dengan password baru Anda.
          </Notice>
        ) : null}
        {resetInvalid ? (
          <Notice tone="error">
            {ACCOUNT_TEXT.resetLinkInvalid}{" "}
            <Link to="/forgot-password" className="font-semibold underline">
              Minta tautan baru
            </Link>
          </Notice>
        ) : null}
        {failure ? (
          <Notice tone="error" title={failure.title}>
            {failure.message}
          </Notice>
        ) : null}
      </div>

      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="redirect" value={redirectTo} />
        <Field label="Email" error={fieldErrors.email} required>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              defaultValue={failure?.values.email ?? ""}
              placeholder="nama@email.com"
              maxLength={254}
            />
          )}
        </Field>
        <Field label="Password" error={fieldErrors.password} required>
          {(p) => <PasswordInput {...p} name="password" autoComplete="current-password" maxLength={128} />}
        </Field>
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            Lupa password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={submitting || Boolean(success)}>
          {submitting ? "Memproses..." : "Masuk"}
        </Button>
      </Form>

      <NotifyDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.title ?? ""}
        description={dialog?.message}
        tone={dialog?.tone}
        confirmLabel={success ? "Lanjutkan" : "OK"}
        onConfirm={success ? () => navigate(success.redirectTo, { replace: true }) : undefined}
      />
    </AuthCard>
  );
}
