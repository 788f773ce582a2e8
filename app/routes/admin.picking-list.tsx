// What to collect from the farmers for one delivery: every product's total quantity over
// the non-cancelled orders of a date and window.
import { WORDS } from "~/lib/vocab/words";
import { Link, useLoaderData } from "react-router";
import { Printer } from "lucide-react";
import { Card } from "~/components/admin/card";
import { SlotPicker } from "~/components/admin/slot-picker";
import { adminMeta } from "~/components/admin/meta";
import { buttonClass } from "~/components/ui/button";
import { formatDateWithDay } from "~/lib/dates";
import { formatKg } from "~/lib/weight";
import { PickingLineNotes } from "~/components/admin/picking-line-notes";
import { FarmerLists } from "~/components/admin/farmer-lists";
import { cn } from "~/lib/utils";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import { parsePickingListFilters, pickingList } from "~/server/orders/staff-list.server";
import { shopToday, shopTomorrow } from "~/server/clock.server";
import type { Route } from "./+types/admin.picking-list";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta(WORDS.pickingList);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const filters = parsePickingListFilters(new URL(request.url).searchParams);
  const db = await dbOf(context);
  const list = await pickingList(db, admin, filters);
  return { list, tomorrow: shopTomorrow(), today: shopToday() };
}

export default function AdminPickingList() {
  const { list, tomorrow, today } = useLoaderData<typeof loader>();
  const printHref = `/admin/picking-list/print?date=${list.date}&slot=${list.slot}`;
  const chips = [
    { label: "Besok Pagi", date: tomorrow, slot: "pagi" },
    { label: "Besok Sore", date: tomorrow, slot: "sore" },
    { label: "Besok (semua)", date: tomorrow, slot: "semua" },
    { label: "Hari Ini", date: today, slot: "semua" },
  ];
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">{WORDS.pickingList}</h1>
        <p className="text-sm text-stone-600">
          Jumlah tiap produk yang perlu disiapkan untuk satu waktu pengiriman (pesanan yang dibatalkan tidak dihitung).
        </p>
      </div>
      <Card>
        <SlotPicker
          idPrefix="pick"
          date={list.date}
          slot={list.slot}
          bothSlots
          className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          dateClassName="col-span-2 sm:col-span-1"
        />
        <div className="mt-3 flex flex-wrap gap-2">
          {chips.map((c) => {
            const active = list.date === c.date && list.slot === c.slot;
            return (
              <Link
                key={c.label}
                to={`/admin/picking-list?date=${c.date}&slot=${c.slot}`}
                aria-current={active ? "true" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-full border px-3 text-sm font-semibold",
                  active
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-stone-300 bg-white text-stone-800 hover:border-brand-700",
                )}
              >
                {c.label}
              </Link>
            );
          })}
        </div>
      </Card>
      <Card
        title={`${formatDateWithDay(list.date)} · ${slotLabel(list.slot)}`}
        actions={
          list.lines.length > 0 ? (
            <a
              href={printHref}
              target="_blank"
              rel="noopener"
              className={buttonClass({ variant: "outline", size: "sm" })}
            >
              <Printer className="h-4 w-4" aria-hidden="true" /> Cetak
            </a>
          ) : null
        }
      >
        <p className="mb-3 text-sm text-stone-700">
          {list.orderCount} pesanan · {list.lines.length} jenis produk
        </p>
        {list.lines.length === 0 ? (
          <p className="rounded-lg bg-stone-50 p-4 text-center text-sm text-stone-600">
            Tidak ada pesanan untuk tanggal dan waktu ini.
          </p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="picking-list">
            <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-2 font-semibold">
                  Produk
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-semibold">
                  Jumlah
                </th>
                <th scope="col" className="hidden py-2 text-right font-semibold sm:table-cell">
                  Pesanan
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {list.lines.map((line) => (
                <tr key={`${line.productId}-${line.productName}-${line.productUnit}-${line.soldByWeight}`}>
                  <td className="py-2.5 pr-2">
                    <span className="font-semibold text-stone-900">{line.productName}</span>
                    <span className="block text-xs text-stone-600">{line.categoryName ?? "Tanpa kategori"}</span>
                    <PickingLineNotes notes={line.notes} substitutable={line.substitutable} />
                  </td>
                  <td className="py-2.5 pr-2 text-right whitespace-nowrap">
                    {line.soldByWeight ? (
                      <span className="text-lg font-extrabold tabular-nums">{formatKg(line.quantity)}</span>
                    ) : (
                      <>
                        <span className="text-lg font-extrabold tabular-nums">{line.quantity}</span>{" "}
                        <span className="text-stone-700">× {line.productUnit}</span>
                      </>
                    )}
                  </td>
                  <td className="hidden py-2.5 text-right text-stone-700 tabular-nums sm:table-cell">
                    {line.orderCount}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {list.farmers.length > 0 ? (
        <Card title="Daftar Belanja per Petani" id="per-petani">
          <p className="mb-3 text-sm text-stone-600">
            Jumlah yang perlu dibeli dari tiap Petani Mitra untuk pengiriman ini. Petani sebuah produk dipilih di
            halaman produknya.
          </p>
          <FarmerLists farmers={list.farmers} />
        </Card>
      ) : null}
    </div>
  );
}
