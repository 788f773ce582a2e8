// /admin/login: the staff login. Only an account with role admin gets in; anyone else is
// told so and leaves without a session.
import { isStaffRole } from "~/lib/roles";
import { useEffect, useState } from "react";
import { Form, Link, redirect } from "react-router";
import { ArrowLeft, Leaf, ShieldCheck } from "lucide-react";
import { Notice, PasswordInput, useSubmitting } from "~/components/account-form";
import { Button } from "~/components/ui/button";
import { NotifyDialog } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/field";
import { useRootData } from "~/components/root-data";
import { accountDeps, LOGIN_FORM, signInAdmin } from "~/server/accounts/customer.server";
import { formAction } from "~/server/form-action.server";
import { clientKey } from "~/server/rate-limit.server";
import { authHeaders, setCookieHeaders } from "~/server/accounts/session.server";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/admin.login";
import { dbOf, userOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

const DASHBOARD = "/admin/dashboard";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export async function loader({ context }: Route.LoaderArgs) {
  const user = await userOf(context);
  if (user && isStaffRole(user.role)) throw redirect(DASHBOARD);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = await accountDeps(await dbOf(context));
  return formAction(request, {
    name: "admin login",
    ...LOGIN_FORM,
    call: (input) => signInAdmin(deps, input, { key: clientKey(request), headers: authHeaders(request) }),
    headers: ({ headers }) => setCookieHeaders(headers),
    redirectTo: () => DASHBOARD,
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Admin Panel",
    description: "Login staf toko.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const { shop } = useRootData();
  const submitting = useSubmitting();
  const [dialog, setDialog] = useState<{ title: string; message: string } | null>(null);
  // A success never comes back here: it goes on to the dashboard.
  const failure = actionData && !actionData.ok ? actionData : null;

  useEffect(() => {
    if (failure) setDialog({ title: failure.title, message: failure.message });
  }, [failure]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-stone-100 px-4 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2 text-xl font-extrabold text-brand-800">
        <Leaf className="h-7 w-7" aria-hidden="true" /> {shop.name}
      </Link>
      <div className="w-full max-w-sm rounded-2xl border border-stone-200 bg-white p-6 shadow-sm md:p-8">
        <div className="mb-6 text-center">
          <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-stone-900 text-white">
            <ShieldCheck className="h-6 w-6" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold text-stone-900">Admin Panel</h1>
          <p className="mt-1 text-sm text-stone-700">Masuk untuk mengelola pesanan dan toko.</p>
        </div>
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
                autoComplete="username"
                inputMode="email"
                defaultValue={failure?.values.email ?? ""}
                maxLength={254}
              />
            )}
          </Field>
          <Field label="Password" error={failure?.fieldErrors.password} required>
            {(p) => <PasswordInput {...p} name="password" autoComplete="current-password" maxLength={128} />}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? "Memproses..." : "Masuk"}
          </Button>
        </Form>
      </div>
      <Link
        to="/"
        className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-stone-700 hover:text-stone-900"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Kembali ke toko
      </Link>
      <NotifyDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.title ?? ""}
        description={dialog?.message}
        tone="error"
      />
    </main>
  );
}
