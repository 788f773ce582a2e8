// /kurir/langkah: where the courier's phone sends each step taken at a door ('Terkirim',
// 'Gagal Antar', 'Uang Diterima'), from its queue, once the signal allows. Every answer is
// JSON; a step sent again with the same key changes nothing (couriers/stops.server.ts).
import { redirect } from "react-router";
import { courierStepSchema, takeCourierStep } from "~/server/couriers/stops.server";
import { firstFieldError, jsonFormAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import type { Route } from "./+types/kurir.langkah";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [
  routePolicy({ cache: "private", access: { loader: "public", action: "courier" } }),
];

export async function action({ request, context }: Route.ActionArgs) {
  const courier = actorOf(context, "courier");
  const db = await dbOf(context);
  return jsonFormAction(request, {
    name: "courier step",
    schema: courierStepSchema,
    invalid: { message: firstFieldError },
    call: (input) => takeCourierStep(db, courier, input),
  });
}

/** Nothing to read here: a visit goes to the courier's screen. */
export function loader() {
  return redirect("/kurir");
}
