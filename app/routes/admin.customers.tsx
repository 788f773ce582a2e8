// Customer accounts for the admin: who they are, how many devices are signed in, and the
// button that signs an account out everywhere.
import { ROLE_LABELS } from "~/lib/roles";
import { Form, useActionData, useLoaderData } from "react-router";
import { LogOut } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { SubmitButton } from "~/components/admin/submit-button";
import { Input } from "~/components/ui/field";
import { endAllSessionsOfUser, endSessionsSchema, listCustomersForAdmin } from "~/server/accounts/customer-list.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import type { Route } from "./+types/admin.customers";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta("Pelanggan");

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const q = new URL(request.url).searchParams.get("q");
  return { q: q ?? "", customers: await listCustomersForAdmin(await dbOf(context), admin, q) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  return formAction(request, {
    name: "end sessions",
    schema: endSessionsSchema,
    invalid: { message: firstFieldError },
    call: (input) => endAllSessionsOfUser(db, admin, input),
    redirectTo: () => "/admin/customers",
    flash: true,
  });
}

export default function AdminCustomers() {
  const { q, customers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold text-stone-900">Pelanggan</h1>
      {actionData && !actionData.ok ? <ErrorNote>{actionData.message}</ErrorNote> : null}
      <Form method="get" className="flex gap-2" role="search">
        <label htmlFor="cari-pelanggan" className="sr-only">
          Cari pelanggan
        </label>
        <Input
          id="cari-pelanggan"
          name="q"
          defaultValue={q}
          placeholder="Cari nama, email atau telepon"
          maxLength={100}
        />
        <SubmitButton variant="outline">Cari</SubmitButton>
      </Form>
      <Card title={`${customers.length} akun`} id="daftar">
        <ul className="divide-y divide-stone-100">
          {customers.map((c) => (
            <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-customer={c.email}>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-stone-900">
                  {c.name}{" "}
                  {c.role !== "customer" ? (
                    <span className="text-xs font-normal text-green-800">({ROLE_LABELS[c.role]})</span>
                  ) : null}
                </p>
                <p className="truncate text-sm text-stone-700">
                  {c.email} · {c.phone || "-"}
                </p>
                <p className="text-xs text-stone-600">
                  {c.orderCount} pesanan · {c.activeSessions} sesi aktif
                </p>
              </div>
              {c.mayEndSessions ? (
                <Form method="post">
                  <input type="hidden" name="userId" value={c.id} />
                  <SubmitButton intent="end-sessions" variant="outline" size="sm" disabled={c.activeSessions === 0}>
                    <LogOut className="h-4 w-4" aria-hidden="true" /> Akhiri Semua Sesi
                  </SubmitButton>
                </Form>
              ) : (
                <p className="text-xs text-stone-600">Sesi anggota tim diakhiri oleh Pemilik.</p>
              )}
            </li>
          ))}
        </ul>
        {customers.length === 0 ? <p className="py-3 text-sm text-stone-700">Tidak ada akun yang cocok.</p> : null}
      </Card>
    </div>
  );
}
