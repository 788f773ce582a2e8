// /forgot-password: asks for a reset link. The answer never says whether the e-mail has an account.
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { ArrowLeft, KeyRound, MailCheck, MailWarning, MessageCircle } from "lucide-react";
import { AuthCard, Notice, useSubmitting } from "~/components/account-form";
import { Button, buttonClass } from "~/components/ui/button";
import { NotifyDialog } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/field";
import { ACCOUNT_TEXT } from "~/lib/account-rules";
import { whatsappHref } from "~/lib/shop";
import { useRootData } from "~/components/root-data";
import { accountDeps, FORGOT_FORM, requestPasswordReset } from "~/server/accounts/customer.server";
import { formAction } from "~/server/form-action.server";
import { dbOf } from "~/server/request-context.server";
import { clientKey } from "~/server/rate-limit.server";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/forgot-password";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function action({ request, context }: Route.ActionArgs) {
  const deps = await accountDeps(await dbOf(context));
  return formAction(request, {
    name: "password reset request",
    ...FORGOT_FORM,
    call: (input) => requestPasswordReset(deps, input, { key: clientKey(request) }),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Lupa Password",
    description: "Minta tautan untuk membuat password baru.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const { shop } = useRootData();
  const [dialog, setDialog] = useState<{ title: string; message: string; tone: "default" | "error" } | null>(null);
  // 'Coba email lain' returns to the form without a page load when JavaScript runs.
  const [showForm, setShowForm] = useState(false);
  const sent = actionData?.ok && !showForm ? actionData : null;
  const failure = actionData && !actionData.ok ? actionData : null;

  useEffect(() => {
    if (!actionData) return;
    setShowForm(false);
    setDialog(
      actionData.ok
        ? {
            title: actionData.mailed ? ACCOUNT_TEXT.resetMailSentTitle : ACCOUNT_TEXT.resetMailOffTitle,
            message: actionData.message,
            tone: "default",
          }
        : { title: actionData.title, message: actionData.message, tone: "error" },
    );
  }, [actionData]);

  const dialogElement = (
    <NotifyDialog
      open={dialog !== null}
      onOpenChange={(open) => !open && setDialog(null)}
      title={dialog?.title ?? ""}
      description={dialog?.message}
      tone={dialog?.tone}
    />
  );

  if (sent && !sent.mailed) {
    return (
      <AuthCard title={ACCOUNT_TEXT.resetMailOffTitle} icon={<MailWarning className="h-6 w-6" aria-hidden="true" />}>
        <p className="text-center text-sm text-stone-700">{ACCOUNT_TEXT.resetMailOff}</p>
        <div className="mt-6 grid gap-3">
          <a
            href={whatsappHref(shop.whatsapp, `Halo ${shop.name}, saya lupa password akun ${sent.email}.`)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ size: "lg", className: "bg-green-700 hover:bg-green-800" })}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Hubungi via WhatsApp
          </a>
          <Link to="/login" className={buttonClass({ variant: "outline", size: "lg" })}>
            Kembali ke Halaman Masuk
          </Link>
          <Link
            to="/forgot-password"
            className={buttonClass({ variant: "outline", size: "lg" })}
            onClick={(event) => {
              event.preventDefault();
              setShowForm(true);
            }}
          >
            Coba email lain
          </Link>
        </div>
        {dialogElement}
      </AuthCard>
    );
  }

  if (sent) {
    return (
      <AuthCard title="Cek Email Anda" icon={<MailCheck className="h-6 w-6" aria-hidden="true" />}>
        <div className="space-y-4 text-center text-sm text-stone-700">
          <p>
            Jika <strong className="break-all text-stone-900">{sent.email}</strong> terdaftar, instruksi reset password
            telah dikirim ke email tersebut.
          </p>
          <p>
            Buka tautan di email itu untuk membuat password baru. Tautan hanya berlaku 1 jam dan hanya dapat dipakai
            sekali. Periksa juga folder spam.
          </p>
        </div>
        <div className="mt-6 grid gap-3">
          <Link to="/login" className={buttonClass({ size: "lg" })}>
            Kembali ke Halaman Masuk
          </Link>
          <Link
            to="/forgot-password"
            className={buttonClass({ variant: "outline", size: "lg" })}
            onClick={(event) => {
              event.preventDefault();
              setShowForm(true);
            }}
          >
            Coba email lain
          </Link>
        </div>
        {dialogElement}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Lupa Password"
      subtitle="Masukkan email akun Anda. Kami akan mengirim tautan untuk membuat password baru."
      icon={<KeyRound className="h-6 w-6" aria-hidden="true" />}
      footer={
        <Link
          to="/login"
          className="inline-flex items-center gap-1 font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke Halaman Masuk
        </Link>
      }
    >
      {failure ? (
        <Notice tone="error" title={failure.title} className="mb-4">
          {failure.message}
        </Notice>
      ) : null}
      <Form method="post" className="space-y-4">
        <Field label="Email" error={failure?.fieldErrors.email} required>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              defaultValue={failure?.values.email ?? ""}
              maxLength={254}
              placeholder="nama@email.com"
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? "Memproses..." : "Kirim Tautan Reset"}
        </Button>
      </Form>
      {dialogElement}
    </AuthCard>
  );
}
