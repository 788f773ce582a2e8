// POST /stock-alerts: 'Kabari Saya' from a product page. With JavaScript the product page
// posts here through a fetcher and shows the answer in place; without it the browser lands
// on this page, which says what happened and leads back to the product.
import { Link, useActionData } from "react-router";
import { BellRing } from "lucide-react";
import { FormFailure } from "~/components/form-parts";
import { buttonClass } from "~/components/ui/button";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { clientKey } from "~/server/rate-limit.server";
import { dbOf, userOf } from "~/server/request-context.server";
import { stockAlertSchema, subscribeToStock } from "~/server/catalog/stock-alerts.server";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import { CONFIRMATION_SENT_TITLE, SUBSCRIBE_FAILED_TITLE, SUBSCRIBED_TITLE } from "~/lib/stock-alerts";
import type { Route } from "./+types/stock-alerts";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Kabari Saya", shopNameFrom(matches)) },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const db = await dbOf(context);
  const user = await userOf(context);
  return formAction(request, {
    name: "stock alert",
    schema: stockAlertSchema,
    echo: ["email"],
    invalid: { title: SUBSCRIBE_FAILED_TITLE, message: "Mohon periksa email Anda." },
    call: (input) => subscribeToStock(db, { user, clientKey: clientKey(request) }, input),
  });
}

export default function StockAlerts() {
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-extrabold text-stone-900">Kabari Saya</h1>
      {result?.ok ? (
        <div
          className="mt-4 flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900"
          role="status"
        >
          <BellRing className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-bold">{result.pending ? CONFIRMATION_SENT_TITLE : SUBSCRIBED_TITLE}</p>
            <p className="mt-1 text-sm">{result.message}</p>
          </div>
        </div>
      ) : result ? (
        <div className="mt-4">
          <FormFailure title={result.title} message={result.fieldErrors.email ?? result.message} />
        </div>
      ) : (
        <p className="mt-3 text-stone-700">
          Buka halaman produk yang sedang habis, lalu pilih ‘Kabari Saya’. Kami mengirim satu email saat stoknya
          tersedia lagi (bila Anda belum masuk, lebih dulu satu email untuk memastikan alamatnya milik Anda).
        </p>
      )}
      <Link
        to={result?.ok ? `/products/${result.product.slug}` : "/products"}
        className={buttonClass({ variant: "outline", className: "mt-6" })}
      >
        {result?.ok ? `Kembali ke ${result.product.name}` : "Lihat Produk"}
      </Link>
    </div>
  );
}
