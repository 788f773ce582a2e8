// /stock-alerts/confirm?token=: the link in a 'Kabari Saya' confirmation mail. Opening it only
// asks (mail scanners open links too); the button turns the alert on and the page says so.
// The token is signed, so nobody can turn on an alert for an address they cannot read.
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { BellRing } from "lucide-react";
import { FormFailure } from "~/components/form-parts";
import { Button, buttonClass } from "~/components/ui/button";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import { confirmSchema, confirmStockAlert, verifyConfirmationToken } from "~/server/catalog/stock-alerts.server";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import { CONFIRM_FAILED_TITLE, INVALID_CONFIRM_MESSAGE, SUBSCRIBED_TITLE } from "~/lib/stock-alerts";
import type { Route } from "./+types/stock-alerts.confirm";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = verifyConfirmationToken(token) !== null;
  return { token: valid ? token : "", valid };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Aktifkan Kabar Stok", shopNameFrom(matches)) },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const db = await dbOf(context);
  return formAction(request, {
    name: "stock alert confirm",
    schema: confirmSchema,
    invalid: { title: CONFIRM_FAILED_TITLE, message: INVALID_CONFIRM_MESSAGE },
    call: ({ token }) => confirmStockAlert(db, token),
  });
}

export default function StockAlertsConfirm() {
  const { token, valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-extrabold text-stone-900">Aktifkan Kabar Stok</h1>
      {result?.ok ? (
        <>
          <div
            className="mt-4 flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900"
            role="status"
          >
            <BellRing className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-bold">{SUBSCRIBED_TITLE}</p>
              <p className="mt-1 text-sm">{result.message}</p>
            </div>
          </div>
          <Link
            to={`/products/${result.product.slug}`}
            className={buttonClass({ variant: "outline", className: "mt-6" })}
          >
            Lihat {result.product.name}
          </Link>
        </>
      ) : result ? (
        <div className="mt-4">
          <FormFailure title={result.title} message={result.message} />
        </div>
      ) : valid ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="token" value={token} />
          <p className="text-stone-700">
            Kami akan mengirim satu email ke alamat ini saat produk yang Anda tunggu tersedia lagi.
          </p>
          <Button type="submit" size="lg" className="mt-4">
            <BellRing className="h-5 w-5" aria-hidden="true" />
            Ya, kabari saya
          </Button>
        </Form>
      ) : (
        <div className="mt-4">
          <FormFailure title={CONFIRM_FAILED_TITLE} message={INVALID_CONFIRM_MESSAGE} />
        </div>
      )}
    </div>
  );
}
