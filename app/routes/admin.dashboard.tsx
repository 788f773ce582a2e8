// 'Ringkasan' (the admin's dashboard): find orders (number, name, phone, status, delivery date and window),
// change their status from the list, and the 'Statistik' counters. All in the database.
import { WORDS } from "~/lib/vocab/words";
import { useLoaderData, useActionData, useRouteError, isRouteErrorResponse } from "react-router";
import { z } from "zod";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { Pagination } from "~/components/admin/pagination";
import { buttonClass } from "~/components/ui/button";
import { addDays, formatDate } from "~/lib/dates";
import { slotName } from "~/lib/vocab/delivery-slots";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { shopToday } from "~/server/clock.server";
import { countOrdersByStatus, listOrdersForAdmin, parseAdminOrderFilters } from "~/server/orders/staff-list.server";
import { setOrderStatus, statusChangeSchema } from "~/server/orders/status.server";
import { latestOrderEventSeq } from "~/server/orders/events.server";
import { defaultSlotDelivery, loadSlotChips } from "~/server/delivery/sheet.server";
import { DeliveryCard } from "~/components/admin/dashboard/delivery-card";
import { LowStockCard } from "~/components/admin/dashboard/low-stock-card";
import { listLowStock } from "~/server/catalog/low-stock.server";
import { isOwnerRole } from "~/lib/roles";
import { LiveOrders } from "~/components/admin/live-orders";
import type { Route } from "./+types/admin.dashboard";
import { dbOf } from "~/server/request-context.server";
import type { AdminDashboardData } from "~/components/admin/dashboard/dashboard-data";
import { ExportForm, Filters, OrderCards, OrderTable, Statistics, Tabs } from "~/components/admin/dashboard-parts";
import { routePolicy } from "~/server/route-policy.server";
import { countChatMissing } from "~/server/whatsapp/chat-check.server";
import { shopReadiness } from "~/server/shop/readiness.server";
import { standingOrderProblems } from "~/server/standing-orders/staff.server";
import { StandingProblemsCard } from "~/components/admin/dashboard/standing-problems-card";
import { ReadinessCards } from "~/components/admin/dashboard/readiness-cards";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta(WORDS.dashboard);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const url = new URL(request.url);
  const filters = parseAdminOrderFilters(url.searchParams);
  const tab = url.searchParams.get("tab") === "statistik" ? "statistik" : "daftar";
  const db = await dbOf(context);
  // Counting every order is only paid for on the tab that shows the counts.
  const today = shopToday();
  const [list, counts, liveSince, slotChips, nextSlot, lowStock, readiness, standingProblems, chatMissing] =
    await Promise.all([
      tab === "daftar" ? listOrdersForAdmin(db, admin, filters) : null,
      tab === "statistik" ? countOrdersByStatus(db, admin) : null,
      latestOrderEventSeq(db, admin),
      loadSlotChips(db, admin),
      defaultSlotDelivery(db),
      listLowStock(db, admin),
      shopReadiness(db),
      standingOrderProblems(db, admin, today),
      countChatMissing(db),
    ]);
  const data = {
    adminName: admin.name,
    filters,
    tab,
    list,
    counts,
    liveSince,
    slotChips,
    nextSlot,
    lowStock,
    readiness,
    standingProblems,
    chatMissing,
    // Only the owner edits products: staff see the low-stock list without links to a page they may not open.
    canEditProducts: isOwnerRole(admin.role),
    today,
    tomorrow: addDays(today, 1),
  } satisfies AdminDashboardData & Record<string, unknown>;
  return data;
}

/** A status picked in the list: the order and its new status. */
const listStatusChangeSchema = z.object({
  intent: z.literal("status", { error: "Permintaan tidak dikenal." }),
  ...statusChangeSchema.shape,
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  return formAction(request, {
    name: "order status change",
    schema: listStatusChangeSchema,
    invalid: { message: firstFieldError },
    call: async (input) => {
      const result = await setOrderStatus(db, admin, input);
      // A new time each failure, so the status list is put back even after the same refusal twice.
      return result.ok ? result : { ...result, at: Date.now() };
    },
    redirectBack: true,
    flash: true,
  });
}

export default function AdminDashboard() {
  const { adminName, list, counts, filters, liveSince } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const filtered = Boolean(
    filters.q || filters.status || filters.payment || filters.date || filters.slot || filters.chat,
  );
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-extrabold text-stone-900">{WORDS.dashboard}</h1>
        <p className="text-sm text-stone-600">Selamat bekerja, {adminName}.</p>
      </div>
      {actionData && !actionData.ok ? <ErrorNote>{actionData.message}</ErrorNote> : null}
      <ReadinessCards />
      <LiveOrders since={liveSince} />
      <DeliveryCard />
      <LowStockCard />
      <StandingProblemsCard />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-stone-900">Kelola Pesanan</h2>
        <Tabs />
      </div>
      {counts ? <Statistics counts={counts} /> : null}
      {list ? (
        <>
          <Card>
            <Filters />
          </Card>
          <Card>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {list.total === 0 ? (
                filtered ? (
                  "Tidak ada pesanan yang cocok dengan pencarian atau filter ini."
                ) : (
                  "Belum ada pesanan."
                )
              ) : (
                <>
                  <strong className="text-stone-900">
                    {list.totalCapped ? "lebih dari " : ""}
                    {list.total.toLocaleString("id-ID")}
                  </strong>{" "}
                  pesanan
                  {filters.date ? ` untuk pengiriman ${formatDate(filters.date)}` : ""}
                  {filters.slot ? ` (${slotName(filters.slot).toLowerCase()})` : ""}
                  {filters.chat ? " belum chat" : ""}
                  {list.pageCount > 1
                    ? ` · menampilkan ${(list.page - 1) * list.pageSize + 1}-${Math.min(list.page * list.pageSize, list.total)}`
                    : ""}
                </>
              )}
            </p>
            {list.orders.length > 0 ? (
              <>
                <OrderTable orders={list.orders} />
                <OrderCards orders={list.orders} />
                <Pagination page={list.page} pageCount={list.pageCount} label="Halaman daftar pesanan" />
              </>
            ) : null}
          </Card>
        </>
      ) : null}
      <ExportForm />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="rounded-xl border border-red-200 bg-white p-6 text-center">
      <h1 className="text-xl font-bold text-stone-900">{WORDS.dashboard}</h1>
      <p role="alert" className="mt-2 text-red-800">
        {status === 503 ? "Layanan sedang gangguan. " : ""}Gagal memuat daftar pesanan.
      </p>
      <a href="/admin/dashboard" className={buttonClass({ className: "mt-4" })}>
        Coba Lagi
      </a>
    </div>
  );
}
