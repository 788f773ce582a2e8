// /orders/:id/payment-proof: the customer's proof of payment ('Bukti Bayar'), for that
// customer and for staff only. Never cached outside the browser that asked, never stored by
// it either; anyone else gets the same 404 as for an order without a proof.
import { readPaymentProof } from "~/server/orders/payments.server";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { privateFileResponse } from "~/server/uploads/storage.server";
import type { Route } from "./+types/orders.$id.payment-proof";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "customer" })];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = actorOf(context, "customer");
  return privateFileResponse(await readPaymentProof(await dbOf(context), user, params.id));
}
