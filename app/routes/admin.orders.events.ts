// /admin/orders/events: the staff's live stream of new orders (Server-Sent Events). A
// reconnecting browser sends Last-Event-ID; a page opening the stream passes ?since= the
// newest event it was rendered with, so nothing placed in between is missed.
import { openOrderEventStream, parseEventCursor } from "~/server/orders/events.server";
import type { Route } from "./+types/admin.orders.events";

import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

// Outside the admin layout (a stream, no panel around it), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const cursor =
    parseEventCursor(request.headers.get("last-event-id")) ??
    parseEventCursor(new URL(request.url).searchParams.get("since"));
  return openOrderEventStream(admin, cursor, request.signal);
}
