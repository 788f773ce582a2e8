// 'Harga Hari Ini': every product's price, discount, stock and 'Aktif' for the owner and
// staff, a category or a search at a time (a page of at most BOARD_PAGE_SIZE rows), saved at once ('Simpan Semua'), now or from a chosen time ('Berlaku
// mulai'); the spreadsheet round trip ('Unduh CSV', 'Unggah CSV' with its dry run,
// 'Terapkan'); and the board's 'Riwayat Harga'.
import { Download, Upload } from "lucide-react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { Pill } from "~/components/admin/pill";
import { PriceBoard } from "~/components/admin/price-board";
import { PriceHistoryList } from "~/components/admin/price-history";
import { AdminRouteError } from "~/components/admin/route-error";
import { SubmitButton } from "~/components/admin/submit-button";
import { cn } from "~/lib/utils";
import { changePriceBoard, priceBoardActionSchema } from "~/server/catalog/price-board-actions.server";
import {
  BOARD_PAGE_SIZE,
  defaultEffective,
  listPriceHistory,
  loadPriceBoardPage,
} from "~/server/catalog/price-board.server";
import type { DryRun, DryRunStatus } from "~/server/catalog/price-csv.server";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import type { Route } from "./+types/admin.prices";
import { actorOf } from "~/server/accounts/access.server";

export const meta: Route.MetaFunction = () => adminMeta("Harga Hari Ini");

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  const params = new URL(request.url).searchParams;
  // One screen at a time: a category (or all), a search across every category, a page of rows.
  const [board, history] = await Promise.all([
    loadPriceBoardPage(db, admin, {
      category: params.get("kategori")?.slice(0, 120),
      query: params.get("q") ?? "",
      page: Number(params.get("halaman") ?? 1),
    }),
    listPriceHistory(db, admin, { limit: 30 }),
  ]);
  const { rows, query, total, ...screen } = board;
  return {
    rows,
    total,
    query,
    screen: { ...screen, pageSize: BOARD_PAGE_SIZE },
    history,
    effective: defaultEffective(),
  };
}

/** After a save: the same category and page, without the search (the whole board again). */
function boardAfterSave(request: Request): string {
  const params = new URL(request.url).searchParams;
  const back = new URLSearchParams();
  for (const key of ["kategori", "halaman"]) {
    const value = params.get(key);
    if (value) back.set(key, value.slice(0, 120));
  }
  const search = back.toString();
  return search ? `/admin/prices?${search}` : "/admin/prices";
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  return formAction(request, {
    name: "price board",
    schema: priceBoardActionSchema,
    invalid: { title: "Harga Belum Disimpan" },
    call: (input) => changePriceBoard(db, admin, input),
    // The CSV dry run is shown on this page; every change goes back to the board with its message.
    redirectTo: (result) => (result.dryRun ? null : boardAfterSave(request)),
    flash: true,
  });
}

const STATUS_STYLE: Record<DryRunStatus, string> = {
  Baru: "bg-sky-50 text-sky-800 ring-sky-200",
  Berubah: "bg-amber-50 text-amber-800 ring-amber-200",
  "Tidak berubah": "bg-stone-50 text-stone-700 ring-stone-200",
  Salah: "bg-red-50 text-red-800 ring-red-200",
};

function DryRunView({ dryRun }: { dryRun: DryRun }) {
  const good = dryRun.counts.Baru + dryRun.counts.Berubah;
  return (
    <Card title={`Pratinjau CSV: ${dryRun.fileName}`} id="pratinjau">
      <p className="mb-2 text-sm text-stone-700">
        Belum ada yang disimpan. {dryRun.counts.Baru} baru, {dryRun.counts.Berubah} berubah,{" "}
        {dryRun.counts["Tidak berubah"]} tidak berubah, {dryRun.counts.Salah} salah (dilewati). Produk yang tidak ada di
        berkas tidak disentuh.
      </p>
      {dryRun.ignoredColumns.length > 0 ? (
        <p className="mb-2 text-sm text-stone-700">
          Kolom yang tidak dikenal dan diabaikan: {dryRun.ignoredColumns.map((c) => `"${c}"`).join(", ")}.
        </p>
      ) : null}
      <div className="max-h-96 overflow-auto rounded-lg border border-stone-200">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-stone-50 text-xs text-stone-600">
            <tr>
              <th className="px-3 py-2">Baris</th>
              <th className="px-3 py-2">Produk</th>
              <th className="px-3 py-2">Hasil</th>
              <th className="px-3 py-2">Keterangan</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {dryRun.rows.map((r) => (
              <tr key={r.line} data-csv-row={r.slug}>
                <td className="px-3 py-2 tabular-nums">{r.line}</td>
                <td className="px-3 py-2">
                  <span className="font-semibold">{r.name || r.slug}</span>
                  <span className="block text-xs text-stone-600">{r.slug}</span>
                </td>
                <td className="px-3 py-2">
                  <Pill className={STATUS_STYLE[r.status]}>{r.status}</Pill>
                </td>
                <td className="px-3 py-2 text-stone-700">{r.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="plan" value={dryRun.plan} />
          <SubmitButton intent="csv-apply" pendingText="Menerapkan..." disabled={good === 0} className="h-12 px-6">
            Terapkan
          </SubmitButton>
        </Form>
        <Link to="/admin/prices" className="text-sm font-semibold text-stone-700 underline underline-offset-2">
          Batal
        </Link>
      </div>
    </Card>
  );
}

export default function AdminPrices() {
  const { rows, total, query, screen, history, effective } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : null;
  const dryRun = result && result.ok && "dryRun" in result ? result.dryRun : undefined;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold text-stone-900">Harga Hari Ini</h1>
          <p className="text-sm text-stone-600">
            {total} produk. Ketik harga seperti 38000, 38.000 atau 38rb; Enter pindah ke baris bawah. Stok produk
            ditimbang dalam gram.
          </p>
        </div>
        <a
          href="/admin/prices/export.csv"
          download
          className="inline-flex h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-50"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Unduh CSV
        </a>
      </div>
      {failed ? (
        <ErrorNote>
          <strong>{failed.title}.</strong> {failed.message}
          {failed.fieldErrors.file ? ` ${failed.fieldErrors.file}` : ""}
          {failed.fieldErrors.plan ? ` ${failed.fieldErrors.plan}` : ""}
        </ErrorNote>
      ) : null}
      {dryRun ? <DryRunView dryRun={dryRun} /> : null}
      <PriceBoard
        key={`${query}|${screen.category ?? ""}|${screen.page}`}
        rows={rows}
        screen={screen}
        failure={failed ? { fieldErrors: failed.fieldErrors, values: failed.values } : null}
        effective={effective}
        query={query}
      />
      <Card title="Unggah CSV" id="unggah">
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3 md:flex-row md:items-end">
          <label className="min-w-0 flex-1 space-y-1 text-sm font-medium text-stone-800">
            <span className="block">Berkas CSV (dari 'Unduh CSV', diubah di Excel atau Google Sheets)</span>
            <input
              type="file"
              name="file"
              accept=".csv,text/csv"
              className={cn(
                "block w-full text-sm file:mr-3 file:h-11 file:rounded-lg file:border-0 file:bg-stone-100 file:px-4",
              )}
            />
          </label>
          <SubmitButton intent="csv-preview" variant="outline" pendingText="Membaca..." className="h-11">
            <Upload className="h-4 w-4" aria-hidden="true" /> Unggah CSV
          </SubmitButton>
        </Form>
        <p className="mt-2 text-xs text-stone-600">
          Baris dicocokkan dengan slug. Sel kosong berarti tidak diubah; produk yang tidak ada di berkas tidak disentuh.
          Anda melihat pratinjau dulu, lalu menekan 'Terapkan'.
        </p>
      </Card>
      <Card title="Riwayat Harga" id="riwayat">
        <PriceHistoryList items={history} showProduct />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError title="Harga Hari Ini" />;
}
