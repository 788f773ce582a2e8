// /admin/orders/delivery-photo/:id: the photo the courier took at the door ('Terkirim'), for
// staff only; stored privately, never cached outside the browser that asked.
import { readDoorPhoto } from "~/server/couriers/stops.server";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/admin.orders.delivery-photo.$id";
import { actorOf } from "~/server/accounts/access.server";

// Outside the admin layout (a file, no panel around it), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const file = await readDoorPhoto(await dbOf(context), admin, params.id);
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
