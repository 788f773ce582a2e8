// /orders/:id/payment-proof: the customer's proof of payment ('Bukti Bayar'), for that
// customer and for staff only. Never cached outside the browser that asked, never stored by
// it either; anyone else gets the same 404 as for an order without a proof.
import { readPaymentProof } from "~/server/orders/payments.server";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/orders.$id.payment-proof";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "customer" })];

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = actorOf(context, "customer");
  const file = await readPaymentProof(await dbOf(context), user, params.id);
  if (!file)
    return new Response("Tidak ditemukan.", {
      status: 404,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(new Uint8Array(file.data), {
    headers: {
      ...PRIVATE,
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
