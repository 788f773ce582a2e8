// /admin/orders/delivery-photo/:id: the photo the courier took at the door ('Terkirim'), for
// staff only; stored privately, never cached outside the browser that asked.
import { readDoorPhoto } from "~/server/couriers/stops.server";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { privateFileResponse } from "~/server/uploads/storage.server";
import type { Route } from "./+types/admin.orders.delivery-photo.$id";
import { actorOf } from "~/server/accounts/access.server";

// Outside the admin layout (a file, no panel around it), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  return privateFileResponse(await readDoorPhoto(await dbOf(context), admin, params.id));
}
