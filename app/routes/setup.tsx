// /setup, 'Siapkan Toko': the first-run set-up, only while the shop has no owner. The link
// with its one-time token is printed in the server's log at start (and by `npm run
// setup-link`); the form makes the owner, saves the shop's identity and signs the owner in.
// Once an owner exists this page is a 404 for good (app/server/accounts/setup.server.ts).
import { data, Form, useLoaderData } from "react-router";
import { KeyRound, Leaf } from "lucide-react";
import { Notice, PasswordInput, useSubmitting } from "~/components/account-form";
import { ShopIdentityFields } from "~/components/admin/settings/shop-identity-section";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { identitySettingFrom } from "~/lib/shop-identity";
import { pageMeta } from "~/lib/page-meta";
import { accountDeps } from "~/server/accounts/customer.server";
import { completeSetup, SETUP_FAILED_TITLE, setupSchema, shopHasOwner } from "~/server/accounts/setup.server";
import { config } from "~/server/config.server";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { clientKey } from "~/server/rate-limit.server";
import { dbOf } from "~/server/request-context.server";
import { authHeaders, setCookieHeaders } from "~/server/accounts/session.server";
import type { Route } from "./+types/setup";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await shopHasOwner(await dbOf(context))) throw data(null, { status: 404 });
  // The token is only carried into the form here; it is checked when the form is posted.
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: token.slice(0, 200), identity: identitySettingFrom(config().shop) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = await dbOf(context);
  if (await shopHasOwner(db)) throw data(null, { status: 404 });
  const deps = await accountDeps(db);
  return formAction(request, {
    name: "shop set-up",
    schema: setupSchema,
    echo: [
      "token",
      "ownerName",
      "ownerEmail",
      "name",
      "whatsapp",
      "phone",
      "email",
      "address",
      "serviceArea",
      "heroLine",
      ...[0, 1, 2].flatMap((i) => [`hours.${i}.days`, `hours.${i}.hours`]),
    ],
    invalid: { title: SETUP_FAILED_TITLE, message: "Periksa lagi isian yang ditandai." },
    call: (input) => completeSetup(deps, input, { key: clientKey(request), headers: authHeaders(request) }),
    headers: ({ headers }) => setCookieHeaders(headers),
    redirectTo: () => "/admin/dashboard",
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Siapkan Toko",
    description: "Penyiapan pertama toko.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
}

export default function Setup({ actionData }: Route.ComponentProps) {
  const { token, identity } = useLoaderData<typeof loader>();
  const submitting = useSubmitting();
  const failure = actionData && !actionData.ok ? actionData : null;
  const values = (failure?.values ?? {}) as Record<string, string | undefined>;
  const fieldErrors = (failure?.fieldErrors ?? {}) as Record<string, string | undefined>;
  const shown = failure
    ? {
        ...identity,
        ...Object.fromEntries(
          ["name", "whatsapp", "phone", "email", "address", "serviceArea", "heroLine"].map((k) => [k, values[k] ?? ""]),
        ),
        openingHours: [0, 1, 2].map((i) => ({
          days: values[`hours.${i}.days`] ?? "",
          hours: values[`hours.${i}.hours`] ?? "",
        })),
      }
    : identity;
  const postedToken = values.token ?? token;
  return (
    <main className="min-h-dvh bg-stone-100 px-4 py-8 md:py-12">
      <div className="mx-auto max-w-2xl">
        <p className="mb-4 flex items-center gap-2 text-xl font-extrabold text-brand-800">
          <Leaf className="h-7 w-7" aria-hidden="true" /> Siapkan Toko
        </p>
        <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm md:p-8">
          <h1 className="text-2xl font-bold text-stone-900">Siapkan Toko</h1>
          <p className="mt-1 text-sm text-stone-700">
            Buat akun pemilik dan isi identitas toko Anda. Halaman ini hanya bisa dipakai sekali.
          </p>
          {!postedToken ? (
            <Notice tone="error" title="Tautan penyiapan dibutuhkan" className="mt-6">
              <span className="flex gap-2">
                <KeyRound className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span>
                  Buka tautan yang tercetak di log server saat toko dijalankan, atau jalankan{" "}
                  <code className="rounded bg-stone-100 px-1">npm run setup-link</code> di server untuk mencetaknya
                  lagi.
                </span>
              </span>
            </Notice>
          ) : (
            <Form method="post" noValidate className="mt-6 space-y-6">
              {failure ? (
                <Notice tone="error" title={failure.title}>
                  {failure.message}
                </Notice>
              ) : null}
              <input type="hidden" name="token" value={postedToken} />
              <fieldset className="space-y-4">
                <legend className="mb-2 text-lg font-bold text-stone-900">Akun Pemilik</legend>
                <Field label="Nama Pemilik" error={fieldErrors.ownerName} required>
                  {(p) => (
                    <Input
                      {...p}
                      name="ownerName"
                      autoComplete="name"
                      maxLength={100}
                      defaultValue={values.ownerName ?? ""}
                    />
                  )}
                </Field>
                <Field label="Email Pemilik" error={fieldErrors.ownerEmail} required>
                  {(p) => (
                    <Input
                      {...p}
                      name="ownerEmail"
                      type="email"
                      autoComplete="username"
                      inputMode="email"
                      maxLength={254}
                      defaultValue={values.ownerEmail ?? ""}
                    />
                  )}
                </Field>
                <Field label="Password" error={fieldErrors.password} hint="Minimal 8 karakter." required>
                  {(p) => <PasswordInput {...p} name="password" autoComplete="new-password" maxLength={128} />}
                </Field>
              </fieldset>
              <hr className="border-stone-200" />
              <fieldset className="space-y-4">
                <legend className="mb-2 text-lg font-bold text-stone-900">Identitas Toko</legend>
                <p className="text-sm text-stone-700">Bisa diubah kapan saja di Pengaturan Toko.</p>
                <ShopIdentityFields value={shown} fieldErrors={fieldErrors} />
                {fieldErrors.openingHours ? (
                  <p className="text-sm text-red-700" role="alert">
                    {fieldErrors.openingHours}
                  </p>
                ) : null}
              </fieldset>
              <Button type="submit" size="lg" className="w-full" disabled={submitting}>
                {submitting ? "Menyiapkan..." : "Siapkan Toko"}
              </Button>
            </Form>
          )}
        </div>
      </div>
    </main>
  );
}
