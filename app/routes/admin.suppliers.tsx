// 'Petani Mitra' (owner and staff): the farmers the shop buys from, added by hand or accepted
// from a partner application in the inbox (whose button posts here), edited and removed.
import { WORDS } from "~/lib/vocab/words";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { MessageCircle, Pencil, Trash2, UserPlus } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { SubmitButton } from "~/components/admin/submit-button";
import { buttonClass } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/field";
import { CHECK_FIELDS_MESSAGE, type FieldErrors, type FormFailure } from "~/lib/form";
import { formatIndonesianPhone } from "~/lib/phone";
import { whatsappHref } from "~/lib/shop";
import { formAction } from "~/server/form-action.server";
import { dbOf } from "~/server/request-context.server";
import { SUPPLIER_LIMITS } from "~/lib/suppliers";
import {
  listSuppliers,
  runSupplierAction,
  supplierActionSchema,
  type SupplierRow,
} from "~/server/catalog/suppliers.server";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/admin.suppliers";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta("Petani Mitra");

export async function loader({ context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  return { suppliers: await listSuppliers(await dbOf(context), admin) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  return formAction(request, {
    name: "supplier change",
    schema: supplierActionSchema,
    invalid: {
      // The hidden fields' messages (an unknown farmer or request) say more than 'check the fields';
      // a typed field's message already stands beside it.
      message: (_fields, fieldErrors) =>
        fieldErrors.id ?? fieldErrors.applicationId ?? fieldErrors.intent ?? CHECK_FIELDS_MESSAGE,
    },
    call: (input) => runSupplierAction(db, admin, input),
    redirectTo: () => "/admin/suppliers",
    flash: true,
  });
}

function SupplierFields({
  values,
  errors,
}: {
  values: { name?: string; phone?: string; village?: string; products?: string };
  errors?: FieldErrors;
}) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Field label="Nama petani" required error={errors?.name}>
        {(p) => (
          <Input {...p} name="name" defaultValue={values.name} maxLength={SUPPLIER_LIMITS.name} autoComplete="off" />
        )}
      </Field>
      <Field label="Nomor WhatsApp" required error={errors?.phone} hint="Nomor Indonesia, mis. 0812-3456-7890.">
        {(p) => (
          <Input
            {...p}
            name="phone"
            type="tel"
            inputMode="tel"
            defaultValue={values.phone}
            maxLength={SUPPLIER_LIMITS.phone}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Desa" error={errors?.village}>
        {(p) => (
          <Input
            {...p}
            name="village"
            defaultValue={values.village}
            maxLength={SUPPLIER_LIMITS.village}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Produk yang ditanam" error={errors?.products} hint="mis. bayam, kangkung, cabai rawit">
        {(p) => (
          <Textarea
            {...p}
            name="products"
            rows={2}
            defaultValue={values.products}
            maxLength={SUPPLIER_LIMITS.products}
            className="min-h-11"
          />
        )}
      </Field>
    </div>
  );
}

function SupplierItem({ supplier, failure }: { supplier: SupplierRow; failure: FormFailure | null }) {
  const editing = failure?.values.intent === "update" && failure.values.id === supplier.id ? failure : null;
  const values = editing ? editing.values : { ...supplier, phone: formatIndonesianPhone(supplier.phone) };
  return (
    <li className="py-3" data-supplier={supplier.name}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-900">
            {supplier.name}
            {supplier.village ? <span className="font-normal text-stone-600"> · {supplier.village}</span> : null}
          </p>
          <p className="text-sm text-stone-700">{formatIndonesianPhone(supplier.phone)}</p>
          {supplier.products ? (
            <p className="text-sm break-words whitespace-pre-line text-stone-700">Menanam: {supplier.products}</p>
          ) : null}
          <p className="text-xs text-stone-600">
            {supplier.productCount > 0
              ? `${supplier.productCount} produk toko dari petani ini`
              : "Belum ada produk toko"}
            {supplier.partnerApplicationId ? " · dari pendaftaran mitra" : ""}
          </p>
        </div>
        <a
          href={whatsappHref(supplier.phone)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({ variant: "outline", size: "sm", className: "self-start" })}
        >
          <MessageCircle className="h-4 w-4" aria-hidden="true" /> WhatsApp
        </a>
      </div>
      <details className="mt-2" open={editing ? true : undefined}>
        <summary className="inline-flex min-h-10 cursor-pointer items-center gap-1.5 text-sm font-semibold text-brand-800">
          <Pencil className="h-4 w-4" aria-hidden="true" /> Ubah atau hapus
        </summary>
        <div className="mt-2 space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3">
          {editing ? <ErrorNote>{editing.message}</ErrorNote> : null}
          <Form method="post" className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={supplier.id} />
            <SupplierFields values={values} errors={editing?.fieldErrors} />
            <SubmitButton intent="update" name="id" value={supplier.id} className="w-full sm:w-auto">
              Simpan Perubahan
            </SubmitButton>
          </Form>
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm(`Hapus ${supplier.name} dari Petani Mitra?`)) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={supplier.id} />
            <SubmitButton
              variant="outline"
              intent="delete"
              name="id"
              value={supplier.id}
              pendingText="Menghapus..."
              className="w-full border-red-300 text-red-800 hover:bg-red-50 sm:w-auto"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Hapus Petani
            </SubmitButton>
            {supplier.productCount > 0 ? (
              <p className="mt-1 text-xs text-stone-600">
                Produknya tetap dijual, tercatat &quot;Tanpa Petani&quot; di daftar belanja.
              </p>
            ) : null}
          </Form>
        </div>
      </details>
    </li>
  );
}

export default function AdminSuppliers() {
  const { suppliers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : null;
  const creating = failure?.values.intent === "create" ? failure : null;
  const otherFailure = failure && failure.values.intent !== "create" && failure.values.intent !== "update";
  const updateFailureGone =
    failure?.values.intent === "update" && !suppliers.some((s) => s.id === failure.values.id) ? failure : null;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">Petani Mitra</h1>
        <p className="text-sm text-stone-600">
          Petani pemasok toko. Pilih petani di halaman produk, lalu Daftar Ambil menyusun daftar belanja per petani yang
          bisa dikirim lewat WhatsApp. Pendaftar dari halaman Jadi Petani Mitra diterima lewat{" "}
          <Link to="/admin/inbox?jenis=mitra" className="font-semibold text-brand-800 underline">
            {WORDS.inbox}
          </Link>
          .
        </p>
      </div>
      {failure && (otherFailure || updateFailureGone) ? <ErrorNote>{failure.message}</ErrorNote> : null}
      <Card title={`${suppliers.length} Petani Mitra`} id="daftar">
        {suppliers.length === 0 ? (
          <p className="text-sm text-stone-600">
            Belum ada Petani Mitra. Tambahkan di bawah, atau terima pendaftar dari {WORDS.inbox}.
          </p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {suppliers.map((s) => (
              <SupplierItem key={`${s.id}-${failure ? JSON.stringify(failure) : ""}`} supplier={s} failure={failure} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Tambah Petani" id="tambah">
        <Form method="post" className="space-y-3" noValidate key={creating ? JSON.stringify(creating) : "baru"}>
          {creating ? <ErrorNote>{creating.message}</ErrorNote> : null}
          <input type="hidden" name="intent" value="create" />
          <SupplierFields values={creating?.values ?? {}} errors={creating?.fieldErrors} />
          <SubmitButton intent="create" pendingText="Menyimpan..." className="w-full sm:w-auto">
            <UserPlus className="h-4 w-4" aria-hidden="true" /> Tambah Petani
          </SubmitButton>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Petani Mitra" />;
}
