// /stock-alerts/unsubscribe?token=: the link in every back-in-stock e-mail. Opening it only
// asks (mail scanners open links too); the button stops every alert of that address and the
// page confirms it. The token is signed, so nobody can stop another address's alerts.
import { Form, useActionData, useLoaderData } from "react-router";
import { BellOff } from "lucide-react";
import { FormFailure } from "~/components/form-parts";
import { Button } from "~/components/ui/button";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import {
  unsubscribeSchema,
  unsubscribeStockAlerts,
  verifyUnsubscribeToken,
} from "~/server/catalog/stock-alerts.server";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import { INVALID_UNSUBSCRIBE_MESSAGE } from "~/lib/stock-alerts";
import type { Route } from "./+types/stock-alerts.unsubscribe";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: verifyUnsubscribeToken(token) !== null };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Berhenti Menerima Kabar Stok", shopNameFrom(matches)) },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const db = await dbOf(context);
  return formAction(request, {
    name: "stock alert unsubscribe",
    schema: unsubscribeSchema,
    invalid: { title: "Tautan Tidak Valid", message: INVALID_UNSUBSCRIBE_MESSAGE },
    call: ({ token }) => unsubscribeStockAlerts(db, token),
  });
}

export default function StockAlertsUnsubscribe() {
  const { token, valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-extrabold text-stone-900">Berhenti Menerima Kabar Stok</h1>
      {result?.ok ? (
        <div
          className="mt-4 flex gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900"
          role="status"
        >
          <BellOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-bold">Berhenti</p>
            <p className="mt-1 text-sm">{result.message}</p>
          </div>
        </div>
      ) : result ? (
        <div className="mt-4">
          <FormFailure title={result.title} message={result.message} />
        </div>
      ) : valid ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="token" value={token} />
          <p className="text-stone-700">
            Anda tidak akan menerima email ‘Kabari Saya’ lagi untuk produk apa pun yang sedang Anda tunggu.
          </p>
          <Button type="submit" size="lg" className="mt-4">
            <BellOff className="h-5 w-5" aria-hidden="true" />
            Ya, berhenti
          </Button>
        </Form>
      ) : (
        <div className="mt-4">
          <FormFailure title="Tautan Tidak Valid" message={INVALID_UNSUBSCRIBE_MESSAGE} />
        </div>
      )}
    </div>
  );
}
