// The picking list on paper: a checklist to tick off while collecting from the farmers.
import { WORDS } from "~/lib/vocab/words";
import { loadShopIdentity } from "~/server/shop/identity.server";
import { Link, useLoaderData } from "react-router";
import { Printer } from "lucide-react";
import { adminMeta } from "~/components/admin/meta";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDateTime, formatDateWithDay } from "~/lib/dates";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import { formatKg } from "~/lib/weight";
import { PickingLineNotes } from "~/components/admin/picking-line-notes";
import { FarmerLists } from "~/components/admin/farmer-lists";
import { parsePickingListFilters, pickingList } from "~/server/orders/staff-list.server";
import type { Route } from "./+types/admin.picking-list.print";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const meta: Route.MetaFunction = () => adminMeta(`Cetak ${WORDS.pickingList}`);

// Outside the admin layout (no panel around a printout or a file), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const filters = parsePickingListFilters(new URL(request.url).searchParams);
  const db = await dbOf(context);
  return {
    list: await pickingList(db, admin, filters),
    shopName: (await loadShopIdentity(db)).name,
    printedAt: new Date(),
  };
}

const PRINT_CSS = `
@page { size: auto; margin: 10mm; }
@media print { html, body { background: #fff !important; } .sheet { border: 0 !important; box-shadow: none !important; padding: 0 !important; max-width: none !important; } }
`;

export default function PrintPickingList() {
  const { list, shopName, printedAt } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-dvh bg-stone-100 px-2 py-4 print:bg-white print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="no-print mx-auto mb-3 flex max-w-[720px] items-center justify-between gap-2">
        <Link
          to={`/admin/picking-list?date=${list.date}&slot=${list.slot}`}
          className={buttonClass({ variant: "outline", size: "sm" })}
        >
          Kembali
        </Link>
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Cetak
        </Button>
      </div>
      <main className="sheet mx-auto max-w-[720px] rounded-lg border border-stone-300 bg-white p-5 text-[13px] text-black shadow-sm sm:p-8">
        <h1 className="text-lg font-extrabold">
          {WORDS.pickingList} · {shopName}
        </h1>
        <p className="font-semibold">
          {formatDateWithDay(list.date)} · {slotLabel(list.slot)}
        </p>
        <p>
          {list.orderCount} pesanan · {list.lines.length} jenis produk · dicetak {formatDateTime(printedAt)}
        </p>
        {list.lines.length === 0 ? (
          <p className="mt-4">Tidak ada pesanan untuk tanggal dan waktu ini.</p>
        ) : (
          <table className="mt-3 w-full border-collapse text-left">
            <thead>
              <tr className="border-b-2 border-black">
                <th scope="col" className="w-8 py-1">
                  <span className="sr-only">Sudah</span>
                </th>
                <th scope="col" className="py-1">
                  Produk
                </th>
                <th scope="col" className="py-1 text-right">
                  Jumlah
                </th>
              </tr>
            </thead>
            <tbody>
              {list.lines.map((line) => (
                <tr
                  key={`${line.productId}-${line.productName}-${line.productUnit}-${line.soldByWeight}`}
                  className="[break-inside:avoid] border-b border-dashed border-stone-400"
                >
                  <td className="py-1.5 align-top">
                    <span className="inline-block h-4 w-4 border border-black" aria-hidden="true" />
                  </td>
                  <td className="py-1.5">
                    <span className="font-semibold">{line.productName}</span>
                    {line.categoryName ? <span className="text-stone-700"> · {line.categoryName}</span> : null}
                    <PickingLineNotes notes={line.notes} substitutable={line.substitutable} />
                  </td>
                  <td className="py-1.5 text-right whitespace-nowrap">
                    {line.soldByWeight ? (
                      <strong className="text-base tabular-nums">{formatKg(line.quantity)}</strong>
                    ) : (
                      <>
                        <strong className="text-base tabular-nums">{line.quantity}</strong> × {line.productUnit}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {list.farmers.length > 0 ? (
          <section className="mt-6 [break-before:auto]">
            <h2 className="border-b-2 border-black pb-1 text-base font-extrabold">Daftar Belanja per Petani</h2>
            <FarmerLists farmers={list.farmers} print />
          </section>
        ) : null}
      </main>
    </div>
  );
}
