// 'Setoran': each courier run's cash against the COD the courier recorded, the courier's and
// staff's counts, any 'Selisih' with its note; a run stays 'Belum Setor' until the owner
// accepts it. Below, the same per courier per day.
import { Form, useActionData, useLoaderData } from "react-router";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { SubmitButton } from "~/components/admin/submit-button";
import { formatDateWithDay } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { signedRupiah } from "~/lib/payments";
import { isOwnerRole } from "~/lib/roles";
import { actOnHandover, handoverReport, listHandovers, staffHandoverSchema } from "~/server/couriers/handover.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import type { Route } from "./+types/admin.setoran";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta("Setoran Kurir");

export async function loader({ context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const rows = await listHandovers(await dbOf(context), admin);
  return { rows, report: handoverReport(rows), owner: isOwnerRole(admin.role) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  return formAction(request, {
    name: "courier handover",
    schema: staffHandoverSchema,
    echo: ["note", "cash"],
    invalid: { message: firstFieldError },
    call: (input) => actOnHandover(db, admin, input),
    redirectTo: () => "/admin/setoran",
    flash: true,
  });
}

const moneyOrDash = (v: number | null) => (v === null ? "-" : formatRupiah(v));

export default function AdminHandover() {
  const { rows, report, owner } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">Setoran Kurir</h1>
        <p className="text-sm text-stone-600">
          Uang COD yang dicatat kurir di tiap rute, hitungan kurir dan hitungan staf. Selisih wajib diberi catatan; rute
          tetap &apos;Belum Setor&apos; sampai Pemilik menerima setorannya.
        </p>
      </div>
      {failed && !failed.ok ? <ErrorNote>{failed.message}</ErrorNote> : null}
      <Card title="Rute 14 hari terakhir" id="rute">
        {rows.length === 0 ? (
          <p className="text-sm text-stone-600">Belum ada rute kurir.</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {rows.map((r) => (
              <li key={r.runId} className="space-y-2 py-3" data-run={r.runId}>
                <p className="flex flex-wrap items-center gap-2">
                  <strong className="text-stone-900">{r.courierName}</strong>
                  <span className="text-sm text-stone-700">
                    {formatDateWithDay(r.date)} · {r.slotName}
                  </span>
                  <span
                    className={
                      r.accepted
                        ? "rounded bg-green-100 px-1.5 py-0.5 text-xs font-bold text-green-900"
                        : "rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900"
                    }
                  >
                    {r.accepted ? "Diterima" : "Belum Setor"}
                  </span>
                </p>
                <dl className="grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-stone-600">Seharusnya (COD)</dt>
                    <dd className="font-semibold">{formatRupiah(r.expected)}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600">Hitungan kurir</dt>
                    <dd className="font-semibold">{moneyOrDash(r.courierCash)}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600">Hitungan staf</dt>
                    <dd className="font-semibold">{moneyOrDash(r.staffCash)}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600">Selisih</dt>
                    <dd className={r.difference ? "font-bold text-red-800" : "font-semibold"}>
                      {r.difference === null
                        ? "-"
                        : r.difference === 0
                          ? "Rp 0"
                          : `Selisih ${signedRupiah(r.difference)}`}
                    </dd>
                  </div>
                </dl>
                {r.note ? <p className="text-sm text-stone-800">Catatan: {r.note}</p> : null}
                {r.accepted ? null : (
                  <div className="flex flex-col gap-2 md:flex-row md:items-end">
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="runId" value={r.runId} />
                      <label className="text-sm font-semibold text-stone-800">
                        Hitungan staf (Rp)
                        <input
                          name="cash"
                          inputMode="numeric"
                          defaultValue={r.staffCash ?? ""}
                          className="mt-1 block h-10 w-36 rounded-md border border-stone-300 px-2"
                        />
                      </label>
                      <label className="text-sm font-semibold text-stone-800">
                        Catatan selisih
                        <input
                          name="note"
                          maxLength={300}
                          defaultValue={r.note}
                          className="mt-1 block h-10 w-56 rounded-md border border-stone-300 px-2"
                        />
                      </label>
                      <SubmitButton intent="count" variant="outline">
                        Simpan Hitungan
                      </SubmitButton>
                    </Form>
                    {owner ? (
                      <Form method="post">
                        <input type="hidden" name="runId" value={r.runId} />
                        <SubmitButton intent="accept">Terima Setoran</SubmitButton>
                      </Form>
                    ) : null}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Per kurir per hari" id="laporan">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[34rem] text-left text-sm">
            <thead>
              <tr className="text-stone-600">
                <th className="py-1">Tanggal</th>
                <th>Kurir</th>
                <th className="text-right">COD</th>
                <th className="text-right">Disetor</th>
                <th className="text-right">Selisih</th>
                <th className="text-right">Belum Setor</th>
              </tr>
            </thead>
            <tbody>
              {report.map((r) => (
                <tr key={`${r.date}-${r.courierName}`} className="border-t border-stone-100">
                  <td className="py-1">{formatDateWithDay(r.date)}</td>
                  <td>{r.courierName}</td>
                  <td className="text-right">{formatRupiah(r.expected)}</td>
                  <td className="text-right">{formatRupiah(r.counted)}</td>
                  <td className={r.difference ? "text-right font-bold text-red-800" : "text-right"}>
                    {signedRupiah(r.difference)}
                  </td>
                  <td className="text-right">{r.waiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Setoran Kurir" />;
}
