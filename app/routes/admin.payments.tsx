// 'Pembayaran' (/admin/payments): the day's money per way of paying, 'Unggah Mutasi' (a bank
// statement CSV matched to the open transfer bills), the 'Perlu Dicek' lines staff settle with
// one tap, and the owner's column mapping for banks other than BCA. Staff only, never cached.
import { Form, Link, useNavigation } from "react-router";
import { Banknote, FileUp, ListChecks, Wallet } from "lucide-react";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { SubmitButton } from "~/components/admin/submit-button";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { DATE_FORMATS, STATEMENT_MAX_BYTES, summarizeBankCsvMapping } from "~/lib/bank-csv-mapping";
import { formatDate, isValidDateString } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { paymentMethodLabel } from "~/lib/vocab/payment-methods";
import { shopToday } from "~/server/clock.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { loadDayMoney } from "~/server/payments/day-money.server";
import {
  actOnPaymentsPage,
  loadStatementReview,
  paymentsPageActionSchema,
} from "~/server/payments/statement-import.server";
import { dbOf } from "~/server/request-context.server";
import type { Route } from "./+types/admin.payments";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta("Pembayaran");

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  const asked = new URL(request.url).searchParams.get("tanggal") ?? "";
  const date = isValidDateString(asked) ? asked : shopToday();
  const [money, review] = await Promise.all([loadDayMoney(db, admin, date), loadStatementReview(db, admin)]);
  return { money, ...review, isOwner: admin.role === "admin" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  return formAction(request, {
    name: "payments page",
    schema: paymentsPageActionSchema,
    echo: [
      "format",
      "bankName",
      "dateColumn",
      "dateFormat",
      "descriptionColumn",
      "amountMode",
      "creditColumn",
      "debitColumn",
      "amountColumn",
      "decimal",
    ],
    invalid: { title: "Periksa Isian", message: firstFieldError },
    call: (input) => actOnPaymentsPage(db, admin, input),
    redirectTo: () => "/admin/payments",
    flash: true,
  });
}

function DayMoney({ money }: { money: Route.ComponentProps["loaderData"]["money"] }) {
  return (
    <Card title={`Uang Hari Ini · ${formatDate(money.date)}`} id="uang-hari-ini">
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
        <Field label="Tanggal kirim">
          {(p) => <Input {...p} type="date" name="tanggal" defaultValue={money.date} className="w-44" />}
        </Field>
        <Button type="submit" variant="outline">
          Tampilkan
        </Button>
      </Form>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="day-money">
          <thead>
            <tr className="border-b border-stone-200 text-left text-stone-600">
              <th className="py-2 pr-2 font-semibold">Metode</th>
              <th className="py-2 pr-2 text-right font-semibold">Pesanan</th>
              <th className="py-2 pr-2 text-right font-semibold">Diharapkan</th>
              <th className="py-2 text-right font-semibold">Diterima</th>
            </tr>
          </thead>
          <tbody>
            {money.methods.map((m) => (
              <tr key={m.method ?? "lainnya"} className="border-b border-stone-100">
                <td className="py-2 pr-2">{paymentMethodLabel(m.method)}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{m.orders}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{formatRupiah(m.expected)}</td>
                <td className="py-2 text-right font-semibold tabular-nums">{formatRupiah(m.received)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-stone-700">
        Mutasi masuk tanggal ini yang belum cocok:{" "}
        <strong className="tabular-nums">
          {money.unmatched.count} baris ({formatRupiah(money.unmatched.total)})
        </strong>
      </p>
    </Card>
  );
}

function UploadStatement({ failed }: { failed: string | null }) {
  return (
    <Card title="Unggah Mutasi" id="unggah-mutasi">
      <p className="mb-3 text-sm text-stone-700">
        Unggah mutasi rekening (CSV) dari internet banking. Setiap uang masuk dicocokkan dengan tagihan transfer yang
        jumlahnya persis sama; yang tidak pasti masuk daftar Perlu Dicek. Baris yang sudah pernah diunggah tidak
        dihitung dua kali.
      </p>
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <input type="hidden" name="intent" value="upload" />
        <Field label="Jenis mutasi">
          {(p) => (
            <Select {...p} name="format" defaultValue="bca">
              <option value="bca">BCA (KlikBCA, CSV)</option>
              <option value="lainnya">Bank lain (pemetaan kolom)</option>
            </Select>
          )}
        </Field>
        <Field label="Berkas mutasi" hint={`CSV, maksimal ${STATEMENT_MAX_BYTES / 1024 / 1024} MB.`} error={failed}>
          {(p) => <Input {...p} type="file" name="statement" accept=".csv,text/csv,text/plain" required />}
        </Field>
        <SubmitButton intent="upload" pendingText="Membaca mutasi...">
          <FileUp className="h-4 w-4" aria-hidden="true" /> Unggah Mutasi
        </SubmitButton>
      </Form>
    </Card>
  );
}

type ReviewLine = Route.ComponentProps["loaderData"]["review"][number];

function ReviewLineItem({ line }: { line: ReviewLine }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("lineId") === line.id;
  return (
    <li className="rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="review-line">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-extrabold text-stone-900 tabular-nums">{formatRupiah(line.amount)}</p>
        <p className="text-sm text-stone-700">
          {line.bank} · {formatDate(line.bookedOn)}
        </p>
      </div>
      <p className="mt-1 text-sm break-words text-stone-800">{line.description}</p>
      <p className="mt-1 text-sm font-semibold text-amber-900">{line.reviewReason}</p>
      {line.choices.length > 0 ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="intent" value="pick" />
          <p className="mb-1 text-xs font-semibold text-stone-700">Pilih pesanannya:</p>
          <div className="flex flex-wrap gap-2">
            {line.choices.map((c) => (
              <button
                key={c.id}
                type="submit"
                name="orderId"
                value={c.id}
                disabled={busy}
                className={
                  c.amount === line.amount
                    ? "min-h-11 rounded-lg border-2 border-brand-700 bg-white px-3 text-left text-sm font-semibold text-brand-900"
                    : "min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-left text-sm text-stone-800"
                }
              >
                #{c.shortId} · {c.recipientName} · <span className="tabular-nums">{formatRupiah(c.amount)}</span>
                {c.amount === line.amount ? " · jumlah sama" : ""}
              </button>
            ))}
          </div>
        </Form>
      ) : null}
      <Form method="post" className="mt-2">
        <input type="hidden" name="lineId" value={line.id} />
        <input type="hidden" name="intent" value="not-order" />
        <Button type="submit" variant="outline" size="sm" disabled={busy}>
          Bukan pembayaran pesanan
        </Button>
      </Form>
    </li>
  );
}

function MappingForm({
  stored,
  mapping,
  revision,
  isOwner,
  errors,
}: {
  stored: Route.ComponentProps["loaderData"]["mapping"];
  mapping: Route.ComponentProps["loaderData"]["mappingSet"];
  revision: number;
  isOwner: boolean;
  errors: Record<string, string | undefined>;
}) {
  return (
    <Card title="Pemetaan Kolom (bank lain)" id="pemetaan-kolom">
      <p className="mb-3 text-sm text-stone-700">
        Sekarang: {summarizeBankCsvMapping(stored).join(" ")}. Tulis nama kolom persis seperti di baris judul berkas CSV
        bank Anda; toko mengingatnya untuk unggahan berikutnya.
      </p>
      {isOwner ? (
        <Form method="post" className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="mapping" />
          <input type="hidden" name="revision" value={revision} />
          <Field label="Nama bank" error={errors.bankName}>
            {(p) => <Input {...p} name="bankName" defaultValue={mapping?.bankName ?? ""} maxLength={30} />}
          </Field>
          <Field label="Kolom tanggal" error={errors.dateColumn}>
            {(p) => <Input {...p} name="dateColumn" defaultValue={mapping?.dateColumn ?? ""} maxLength={60} />}
          </Field>
          <Field label="Format tanggal" error={errors.dateFormat}>
            {(p) => (
              <Select {...p} name="dateFormat" defaultValue={mapping?.dateFormat ?? "DD/MM/YYYY"}>
                {DATE_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Kolom keterangan" error={errors.descriptionColumn}>
            {(p) => (
              <Input {...p} name="descriptionColumn" defaultValue={mapping?.descriptionColumn ?? ""} maxLength={60} />
            )}
          </Field>
          <Field label="Jumlah ditulis sebagai" error={errors.amountMode}>
            {(p) => (
              <Select {...p} name="amountMode" defaultValue={mapping?.amountMode ?? "credit-debit"}>
                <option value="credit-debit">Kolom kredit dan debit terpisah</option>
                <option value="signed">Satu kolom jumlah (minus = keluar)</option>
              </Select>
            )}
          </Field>
          <Field label="Tanda desimal" error={errors.decimal}>
            {(p) => (
              <Select {...p} name="decimal" defaultValue={mapping?.decimal ?? ","}>
                <option value=",">Koma (1.500.000,00)</option>
                <option value=".">Titik (1,500,000.00)</option>
              </Select>
            )}
          </Field>
          <Field label="Kolom kredit (uang masuk)" error={errors.creditColumn}>
            {(p) => <Input {...p} name="creditColumn" defaultValue={mapping?.creditColumn ?? ""} maxLength={60} />}
          </Field>
          <Field label="Kolom debit (uang keluar)" error={errors.debitColumn}>
            {(p) => <Input {...p} name="debitColumn" defaultValue={mapping?.debitColumn ?? ""} maxLength={60} />}
          </Field>
          <Field label="Kolom jumlah (satu kolom)" error={errors.amountColumn}>
            {(p) => <Input {...p} name="amountColumn" defaultValue={mapping?.amountColumn ?? ""} maxLength={60} />}
          </Field>
          <div className="flex items-end">
            <SubmitButton intent="mapping">Simpan Pemetaan</SubmitButton>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-stone-600">Hanya pemilik toko yang dapat mengubah pemetaan kolom.</p>
      )}
    </Card>
  );
}

export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { money, review, matched, mapping, mappingSet, mappingRevision, isOwner } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const fieldErrors: Record<string, string | undefined> = failed?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h1 className="flex items-center gap-2 text-2xl font-extrabold text-stone-900">
        <Wallet className="h-6 w-6 text-brand-700" aria-hidden="true" /> Pembayaran
      </h1>
      {failed ? <ErrorNote>{failed.message}</ErrorNote> : null}
      <DayMoney money={money} />
      <UploadStatement failed={fieldErrors.statement ?? null} />
      <Card title={`Perlu Dicek (${review.length})`} id="perlu-dicek">
        {review.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <ListChecks className="h-4 w-4" aria-hidden="true" /> Tidak ada mutasi yang perlu dicek.
          </p>
        ) : (
          <ul className="space-y-3">
            {review.map((line) => (
              <ReviewLineItem key={line.id} line={line} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Baru Dicocokkan" id="baru-dicocokkan">
        {matched.length === 0 ? (
          <p className="text-sm text-stone-700">Belum ada mutasi yang dicocokkan.</p>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm">
            {matched.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="flex items-center gap-2">
                  <Banknote className="h-4 w-4 text-brand-700" aria-hidden="true" />
                  <span className="tabular-nums">{formatRupiah(m.amount)}</span>
                  <span className="text-stone-600">
                    {m.bank} {formatDate(m.bookedOn)}
                  </span>
                </span>
                {m.orderId ? (
                  <Link to={`/admin/orders/${m.orderId}`} className="font-semibold text-brand-800 underline">
                    Pesanan #{m.shortId} · Lunas
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <MappingForm
        stored={mapping}
        mapping={mappingSet}
        revision={mappingRevision}
        isOwner={isOwner}
        errors={fieldErrors}
      />
    </div>
  );
}
