// /reset-password?token=...: a new password from the e-mailed link. Without a usable link
// the visitor goes to /login; after the change, to /login after 3 s or through the button.
// A staff invitation's link ends signed in, on the admin panel (a courier's run for a courier).
import { useEffect, useState, type FormEvent } from "react";
import { Form, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { CheckCircle2, LockKeyhole } from "lucide-react";
import { AuthCard, Notice, PasswordInput, useSubmitting, useNavigateWhenIdle } from "~/components/account-form";
import { Button, buttonClass } from "~/components/ui/button";
import { NotifyDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { ACCOUNT_TEXT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/account-rules";
import {
  accountDeps,
  isInvitationLink,
  isResetTokenValid,
  RESET_FORM,
  resetPassword,
} from "~/server/accounts/customer.server";
import { formSuccess } from "~/lib/form";
import { formAction } from "~/server/form-action.server";
import { dbOf } from "~/server/request-context.server";
import { clientKey } from "~/server/rate-limit.server";
import { authHeaders, setCookieHeaders } from "~/server/accounts/session.server";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/reset-password";
import { isDataRequest } from "~/server/http-cache.server";
import { routePolicy } from "~/server/route-policy.server";

const REDIRECT_SECONDS = 3;

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Where a form post without JavaScript lands after the change (the token is used up by then).
  if (url.searchParams.get("done") === "1") return { done: true as const, token: "", invitation: false };
  const token = url.searchParams.get("token");
  const deps = await accountDeps(await dbOf(context));
  if (!token || !(await isResetTokenValid(deps, token))) throw redirect(token ? "/login?reset=invalid" : "/login");
  return { done: false as const, token, invitation: await isInvitationLink(deps, token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = await accountDeps(await dbOf(context));
  let cookies: Headers | undefined;
  return formAction(request, {
    name: "password reset",
    ...RESET_FORM,
    call: async (input) => {
      const result = await resetPassword(deps, input, { key: clientKey(request), headers: authHeaders(request) });
      if (result.ok) cookies = result.headers;
      return result.ok ? formSuccess(result.message, { next: result.next, signedIn: Boolean(result.headers) }) : result;
    },
    headers: () => (cookies ? setCookieHeaders(cookies) : undefined),
    // Only the page's own data request stays: it shows its dialog and moves on itself. A
    // signed-in new staff member goes straight to the panel.
    redirectTo: ({ next, signedIn }) => (isDataRequest(request) ? null : signedIn ? next : "/reset-password?done=1"),
  });
}

// The token is spent once the password changed: re-running the loader would bounce the
// success screen to /login at once.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const tags = pageMeta({
    title: "Reset Password",
    description: "Buat password baru untuk akun Anda.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
  if (loaderData?.done) tags.push({ httpEquiv: "refresh", content: `${REDIRECT_SECONDS};url=/login?reset=done` });
  return tags;
}

function Done({ signedIn }: { signedIn: { message: string; next: string } | null }) {
  if (signedIn)
    return (
      <AuthCard title="Undangan Diterima" icon={<CheckCircle2 className="h-6 w-6" aria-hidden="true" />}>
        <p className="text-center text-sm text-stone-700">{signedIn.message}</p>
        <Link to={signedIn.next} replace className={buttonClass({ size: "lg", className: "mt-6 w-full" })}>
          Buka Panel
        </Link>
      </AuthCard>
    );
  return (
    <AuthCard title={ACCOUNT_TEXT.passwordChangedTitle} icon={<CheckCircle2 className="h-6 w-6" aria-hidden="true" />}>
      <p className="text-center text-sm text-stone-700">
        Password Anda telah diperbarui. Silakan masuk dengan password baru. Anda akan diarahkan ke halaman Masuk dalam{" "}
        {REDIRECT_SECONDS} detik.
      </p>
      <Link to="/login?reset=done" replace className={buttonClass({ size: "lg", className: "mt-6 w-full" })}>
        Ke Halaman Masuk
      </Link>
    </AuthCard>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigateWhenIdle();
  const submitting = useSubmitting();
  const [dialog, setDialog] = useState<{ title: string; message: string } | null>(null);
  const failure = actionData && !actionData.ok ? actionData : null;
  const done = loaderData.done || Boolean(actionData?.ok);

  useEffect(() => {
    if (!actionData) return;
    if (!actionData.ok) {
      setDialog({ title: actionData.title, message: actionData.message });
      return;
    }
    // Signed in (a staff invitation): straight on; else the login page after a moment.
    if (actionData.signedIn) {
      navigate(actionData.next, { replace: true });
      return;
    }
    const timer = setTimeout(() => navigate(actionData.next, { replace: true }), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [actionData, navigate]);

  if (done)
    return (
      <Done
        signedIn={actionData?.ok && actionData.signedIn ? { message: actionData.message, next: actionData.next } : null}
      />
    );

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const confirm = String(form.get("confirmPassword") ?? "");
    let problem: { title: string; message: string } | null = null;
    if (password !== confirm) problem = { title: ACCOUNT_TEXT.resetMismatchTitle, message: ACCOUNT_TEXT.resetMismatch };
    else if (password.length < PASSWORD_MIN_LENGTH)
      problem = { title: ACCOUNT_TEXT.passwordTooShortTitle, message: ACCOUNT_TEXT.passwordTooShort };
    if (problem) {
      event.preventDefault();
      setDialog(problem);
    }
  }

  const errors = failure?.fieldErrors ?? {};
  return (
    <AuthCard
      title={loaderData.invitation ? "Terima Undangan Staf" : "Buat Password Baru"}
      subtitle={
        loaderData.invitation
          ? "Buat password baru untuk akun Anda. Setelah disimpan, akun ini menjadi Staf dan semua perangkat lain yang masuk dengan akun ini dikeluarkan."
          : "Masukkan password baru untuk akun Anda."
      }
      icon={<LockKeyhole className="h-6 w-6" aria-hidden="true" />}
    >
      {failure ? (
        <Notice tone="error" title={failure.title} className="mb-4">
          {failure.message}
          {errors.token ? (
            <>
              {" "}
              <Link to="/forgot-password" className="font-semibold underline">
                Minta tautan baru
              </Link>
            </>
          ) : null}
        </Notice>
      ) : null}
      <Form method="post" className="space-y-4" onSubmit={checkBeforeSending}>
        <input type="hidden" name="token" value={loaderData.token} />
        <Field label="Password Baru" error={errors.password} hint={ACCOUNT_TEXT.passwordHint} required>
          {(p) => <PasswordInput {...p} name="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />}
        </Field>
        <Field label="Konfirmasi Password Baru" error={errors.confirmPassword} required>
          {(p) => (
            <PasswordInput {...p} name="confirmPassword" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Memproses..." : "Simpan Password Baru"}
        </Button>
      </Form>
      <NotifyDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.title ?? ""}
        description={dialog?.message}
        tone="error"
      />
    </AuthCard>
  );
}
