// A printable invoice: no site navigation, the invoice (app/components/admin/invoice.tsx)
// and a Print button that does not print itself.
import { WORDS } from "~/lib/vocab/words";
import { loadShopIdentity } from "~/server/shop/identity.server";
import { data, Link, useLoaderData, useRouteError, isRouteErrorResponse } from "react-router";
import { Printer } from "lucide-react";
import { adminMeta } from "~/components/admin/meta";
import { Button, buttonClass } from "~/components/ui/button";
import { Invoice, INVOICE_PRINT_CSS } from "~/components/admin/invoice";
import { shopAddressLine } from "~/lib/shop";
import { getOrderForAdmin } from "~/server/orders/view.server";
import type { Route } from "./+types/admin.orders.print.$id";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Invoice #${data.order.shortId}` : "Invoice");

// Outside the admin layout (no panel around a printout or a file), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  const shop = await loadShopIdentity(db);
  const order = await getOrderForAdmin(db, admin, params.id, shop.name);
  if (!order) throw data("Pesanan tidak ditemukan.", { status: 404 });
  return {
    order,
    shop: {
      name: shop.name,
      address: shopAddressLine(shop),
      phone: shop.phone,
      email: shop.email,
    },
  };
}

export default function PrintInvoice() {
  const { order, shop } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-dvh bg-stone-100 px-2 py-4 print:bg-white print:p-0">
      <style>{INVOICE_PRINT_CSS}</style>
      <div className="no-print mx-auto mb-3 flex max-w-[720px] flex-wrap items-center justify-between gap-2">
        <Link to={`/admin/orders/${order.id}`} className={buttonClass({ variant: "outline", size: "sm" })}>
          Kembali ke pesanan
        </Link>
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Cetak
        </Button>
      </div>
      <main>
        <Invoice order={order} shop={shop} />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-bold">{notFound ? "Pesanan Tidak Ditemukan" : "Invoice"}</h1>
      <p role="alert" className="mt-2">
        {notFound ? "Pesanan ini tidak ada atau nomornya salah." : "Gagal memuat detail pesanan."}
      </p>
      <Link to="/admin/dashboard" className={buttonClass({ className: "mt-4" })}>
        Kembali ke {WORDS.dashboard}
      </Link>
    </main>
  );
}
