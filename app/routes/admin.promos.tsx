// 'Promo' (owner and staff): the shop's 'Kode Promo', made and edited here, each with its uses,
// the discount given and the revenue of its orders that are not cancelled.
import { Form, useActionData, useLoaderData } from "react-router";
import { Pencil } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { SubmitButton } from "~/components/admin/submit-button";
import { Field, Input, Select } from "~/components/ui/field";
import { formatDateTime } from "~/lib/dates";
import { CHECK_FIELDS_MESSAGE, type FieldErrors, type FormFailure } from "~/lib/form";
import { formatRupiah } from "~/lib/money";
import { PAYMENT_METHOD, PAYMENT_METHODS, isPaymentMethod } from "~/lib/vocab/payment-methods";
import { PROMO_KIND, PROMO_KINDS, isPromoKind } from "~/lib/vocab/promo-kinds";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";
import { listPromos, promoActionSchema, savePromo, type PromoListRow } from "~/server/promos/manage.server";
import { dbOf } from "~/server/request-context.server";
import type { Route } from "./+types/admin.promos";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta("Promo");

export async function loader({ context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  return { promos: await listPromos(await dbOf(context), admin) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  return formAction(request, {
    name: "promo save",
    schema: promoActionSchema,
    invalid: { title: "Promo Belum Disimpan", message: (_f, errors) => errors.id ?? CHECK_FIELDS_MESSAGE },
    call: (input) => savePromo(db, admin, input),
    redirectTo: () => "/admin/promos",
    flash: true,
  });
}

/** A stored instant as the 'datetime-local' field shows it, in Jakarta time (UTC+7 all year). */
function jakartaField(at: Date | string | null): string {
  if (!at) return "";
  return new Date(new Date(at).getTime() + 7 * 3600_000).toISOString().slice(0, 16);
}

type PromoValues = Record<string, string | undefined>;

function valuesOf(p: PromoListRow): PromoValues {
  return {
    code: p.code,
    kind: p.kind,
    value: String(p.value),
    maxDiscount: p.maxDiscount === null ? "" : String(p.maxDiscount),
    minSpend: p.minSpend ? String(p.minSpend) : "",
    startsAt: jakartaField(p.startsAt),
    endsAt: jakartaField(p.endsAt),
    quota: p.quota === null ? "" : String(p.quota),
    perCustomer: p.perCustomer === null ? "" : String(p.perCustomer),
    newCustomersOnly: p.newCustomersOnly ? "on" : undefined,
    active: p.active ? "on" : undefined,
    ...Object.fromEntries(p.paymentMethods.map((m) => [`method_${m}`, "on"])),
  };
}

function PromoFields({ values, errors }: { values: PromoValues; errors?: FieldErrors }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Field label="Kode" required error={errors?.code} hint="Huruf dan angka, mis. HEMAT10. Besar kecil huruf sama.">
        {(p) => (
          <Input
            {...p}
            name="code"
            defaultValue={values.code}
            maxLength={30}
            autoComplete="off"
            className="uppercase"
          />
        )}
      </Field>
      <Field label="Jenis" required error={errors?.kind}>
        {(p) => (
          <Select {...p} name="kind" defaultValue={values.kind ?? "fixed"}>
            {PROMO_KINDS.map((k) => (
              <option key={k} value={k}>
                {PROMO_KIND[k].label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Nilai"
        required
        error={errors?.value}
        hint="Potongan Rp: rupiah. Persen: 1-100. Gratis ongkir: ongkir ditanggung sampai (Rp)."
      >
        {(p) => <Input {...p} name="value" inputMode="numeric" defaultValue={values.value} autoComplete="off" />}
      </Field>
      <Field label="Potongan maksimal (Rp)" error={errors?.maxDiscount} hint="Untuk jenis Persen. Kosong: tanpa batas.">
        {(p) => (
          <Input {...p} name="maxDiscount" inputMode="numeric" defaultValue={values.maxDiscount} autoComplete="off" />
        )}
      </Field>
      <Field label="Belanja minimal (Rp)" error={errors?.minSpend} hint="Total produk, ongkir tidak dihitung.">
        {(p) => <Input {...p} name="minSpend" inputMode="numeric" defaultValue={values.minSpend} autoComplete="off" />}
      </Field>
      <Field label="Kuota total" error={errors?.quota} hint="Kosong: tanpa batas.">
        {(p) => <Input {...p} name="quota" inputMode="numeric" defaultValue={values.quota} autoComplete="off" />}
      </Field>
      <Field label="Berlaku mulai (WIB)" error={errors?.startsAt} hint="Kosong: langsung berlaku.">
        {(p) => <Input {...p} name="startsAt" type="datetime-local" defaultValue={values.startsAt} />}
      </Field>
      <Field label="Berlaku sampai (WIB)" error={errors?.endsAt} hint="Kosong: tanpa batas waktu.">
        {(p) => <Input {...p} name="endsAt" type="datetime-local" defaultValue={values.endsAt} />}
      </Field>
      <Field
        label="Batas per pelanggan"
        error={errors?.perCustomer}
        hint="Dihitung per akun dan per nomor telepon. Kosong: tanpa batas."
      >
        {(p) => (
          <Input {...p} name="perCustomer" inputMode="numeric" defaultValue={values.perCustomer} autoComplete="off" />
        )}
      </Field>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-stone-800">Metode bayar</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {PAYMENT_METHODS.map((m) => (
            <label key={m} className="flex min-h-10 items-center gap-2 text-sm text-stone-800">
              <input
                type="checkbox"
                name={`method_${m}`}
                defaultChecked={values[`method_${m}`] === "on"}
                className="h-5 w-5 accent-brand-700"
              />
              {PAYMENT_METHOD[m].label}
            </label>
          ))}
        </div>
        <p className="text-xs text-stone-600">Tidak ada yang dicentang: berlaku untuk semua metode.</p>
      </fieldset>
      <label className="flex min-h-10 items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          name="newCustomersOnly"
          defaultChecked={values.newCustomersOnly === "on"}
          className="h-5 w-5 accent-brand-700"
        />
        Hanya pelanggan baru (belum pernah memesan)
      </label>
      <label className="flex min-h-10 items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          name="active"
          defaultChecked={values.active === "on"}
          className="h-5 w-5 accent-brand-700"
        />
        Aktif
      </label>
    </div>
  );
}

function describe(p: PromoListRow): string {
  const kind = isPromoKind(p.kind) ? p.kind : "fixed";
  const value =
    kind === "percent"
      ? `${p.value}%${p.maxDiscount === null ? "" : `, maks ${formatRupiah(p.maxDiscount)}`}`
      : kind === "free_shipping"
        ? `gratis ongkir s.d. ${formatRupiah(p.value)}`
        : `potongan ${formatRupiah(p.value)}`;
  const parts = [
    value,
    p.minSpend > 0 ? `min. belanja ${formatRupiah(p.minSpend)}` : null,
    p.startsAt ? `mulai ${formatDateTime(p.startsAt)}` : null,
    p.endsAt ? `sampai ${formatDateTime(p.endsAt)}` : null,
    p.perCustomer === null ? null : `${p.perCustomer}x per pelanggan`,
    p.newCustomersOnly ? "pelanggan baru" : null,
    p.paymentMethods.length > 0
      ? p.paymentMethods
          .filter(isPaymentMethod)
          .map((m) => PAYMENT_METHOD[m].label)
          .join("/")
      : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

function PromoItem({ promo, failure }: { promo: PromoListRow; failure: FormFailure | null }) {
  const editing = failure?.values.intent === "update" && failure.values.id === promo.id ? failure : null;
  const values = editing ? (editing.values as PromoValues) : valuesOf(promo);
  return (
    <li className="py-3" data-promo={promo.code}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <p className="font-mono text-base font-bold text-stone-900">{promo.code}</p>
        <span
          className={
            promo.active
              ? "rounded-full bg-green-50 px-2 text-xs font-semibold text-green-800 ring-1 ring-green-200"
              : "rounded-full bg-stone-100 px-2 text-xs font-semibold text-stone-700 ring-1 ring-stone-200"
          }
        >
          {promo.active ? "Aktif" : "Nonaktif"}
        </span>
      </div>
      <p className="text-sm text-stone-700">{describe(promo)}</p>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm" data-testid="promo-figures">
        <div className="rounded-lg bg-stone-50 px-2 py-1.5">
          <dt className="text-xs text-stone-600">Dipakai</dt>
          <dd className="font-semibold tabular-nums">
            {promo.uses}
            {promo.quota === null ? "" : ` / ${promo.quota}`}
          </dd>
        </div>
        <div className="rounded-lg bg-stone-50 px-2 py-1.5">
          <dt className="text-xs text-stone-600">Diskon diberikan</dt>
          <dd className="font-semibold tabular-nums">{formatRupiah(promo.discountGiven)}</dd>
        </div>
        <div className="rounded-lg bg-stone-50 px-2 py-1.5">
          <dt className="text-xs text-stone-600">Omzet pesanan</dt>
          <dd className="font-semibold tabular-nums">{formatRupiah(promo.revenue)}</dd>
        </div>
      </dl>
      <details className="mt-2" open={editing ? true : undefined}>
        <summary className="inline-flex min-h-10 cursor-pointer items-center gap-1.5 text-sm font-semibold text-brand-800">
          <Pencil className="h-4 w-4" aria-hidden="true" /> Ubah
        </summary>
        <div className="mt-2 space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3">
          {editing ? <ErrorNote>{editing.message}</ErrorNote> : null}
          <Form method="post" className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={promo.id} />
            <PromoFields values={values} errors={editing?.fieldErrors} />
            <SubmitButton intent="update" name="id" value={promo.id} className="w-full sm:w-auto">
              Simpan Perubahan
            </SubmitButton>
          </Form>
        </div>
      </details>
    </li>
  );
}

export default function AdminPromos() {
  const { promos } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = actionData && !actionData.ok ? (actionData as FormFailure) : null;
  const creating = failure?.values.intent === "create" ? failure : null;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">Promo</h1>
        <p className="text-sm text-stone-600">
          Kode promo yang dimasukkan pelanggan di checkout, satu kode per pesanan. Pesanan yang dibatalkan mengembalikan
          kuotanya.
        </p>
      </div>
      {failure && !creating && failure.values.intent !== "update" ? <ErrorNote>{failure.message}</ErrorNote> : null}
      <Card title="Buat Kode Promo" id="buat">
        <Form
          method="post"
          className="space-y-3"
          noValidate
          key={creating ? JSON.stringify(creating) : `baru-${promos.length}`}
        >
          {creating ? <ErrorNote>{creating.message}</ErrorNote> : null}
          <input type="hidden" name="intent" value="create" />
          <PromoFields
            values={creating ? (creating.values as PromoValues) : { active: "on", perCustomer: "1" }}
            errors={creating?.fieldErrors}
          />
          <SubmitButton intent="create" className="w-full sm:w-auto">
            Simpan Promo
          </SubmitButton>
        </Form>
      </Card>
      <Card title={`${promos.length} Kode Promo`} id="daftar">
        {promos.length === 0 ? (
          <p className="text-sm text-stone-600">Belum ada kode promo.</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {promos.map((p) => (
              <PromoItem key={`${p.id}-${failure ? JSON.stringify(failure) : ""}`} promo={p} failure={failure} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Promo" />;
}
