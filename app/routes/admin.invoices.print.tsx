// Every invoice of one delivery slot in one document, one order per printed page, in the
// delivery sheet's order (area, then address) so the stack matches the driver's route. Inside
// the admin panel: its header and messages are left off the printout (.no-print).
import { loadShopIdentity } from "~/server/shop/identity.server";
import { data, Link, useLoaderData, useRouteError, isRouteErrorResponse } from "react-router";
import { Printer } from "lucide-react";
import { Invoice, INVOICE_PRINT_CSS } from "~/components/admin/invoice";
import { adminMeta } from "~/components/admin/meta";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDateWithDay } from "~/lib/dates";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import { shopAddressLine } from "~/lib/shop";
import { invoicePrintSchema, loadSlotInvoices } from "~/server/delivery/sheet.server";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/admin.invoices.print";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Invoice ${formatDateWithDay(data.date)} ${slotLabel(data.slot)}` : "Cetak Invoice");

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const url = new URL(request.url);
  const parsed = invoicePrintSchema.safeParse({
    date: url.searchParams.get("date") ?? undefined,
    slot: url.searchParams.get("slot") ?? undefined,
  });
  if (!parsed.success) throw data(parsed.error.issues[0].message, { status: 400 });
  const db = await dbOf(context);
  const shop = await loadShopIdentity(db);
  const invoices = await loadSlotInvoices(db, admin, parsed.data);
  return {
    ...parsed.data,
    invoices,
    shop: { name: shop.name, address: shopAddressLine(shop), phone: shop.phone, email: shop.email },
  };
}

export default function PrintSlotInvoices() {
  const { date, slot, invoices, shop } = useLoaderData<typeof loader>();
  const sheetHref = `/admin/delivery-sheet?date=${date}&slot=${slot}`;
  return (
    <div className="print:bg-white">
      <style>{INVOICE_PRINT_CSS}</style>
      <div className="no-print mx-auto mb-3 max-w-[720px] space-y-2">
        <h1 className="text-2xl font-extrabold text-stone-900">Cetak Invoice</h1>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link to={sheetHref} className={buttonClass({ variant: "outline", size: "sm" })}>
            Lembar Pengiriman
          </Link>
          {invoices.length > 0 ? (
            <Button onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden="true" /> Cetak {invoices.length} Invoice
            </Button>
          ) : null}
        </div>
        <p className="text-sm text-stone-700">
          {formatDateWithDay(date)} · {slotLabel(slot)} · {invoices.length} pesanan (yang dibatalkan tidak dicetak),
          satu invoice per halaman.
        </p>
      </div>
      <div className="space-y-4 print:space-y-0">
        {invoices.length === 0 ? (
          <p className="mx-auto max-w-[720px] rounded-lg bg-white p-6 text-center">
            Tidak ada pesanan untuk tanggal dan waktu ini.
          </p>
        ) : (
          invoices.map((order) => <Invoice key={order.id} order={order} shop={shop} titleTag="h2" />)
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const badInput = isRouteErrorResponse(error) && error.status === 400;
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-bold">Cetak Invoice</h1>
      <p role="alert" className="mt-2">
        {badInput && typeof error.data === "string" ? error.data : "Gagal memuat invoice."}
      </p>
      <Link to="/admin/delivery-sheet" className={buttonClass({ className: "mt-4" })}>
        Buka Lembar Pengiriman
      </Link>
    </main>
  );
}
