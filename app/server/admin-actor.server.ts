// Who may use the admin server modules. The admin layout's middleware guards the routes; these modules check
// again where the data is read, so a route that forgot its guard still gets nothing.
import type { SessionUser } from "./session.server";

export type AdminActor = Pick<SessionUser, "id" | "role">;

export function assertAdmin(actor: AdminActor | null | undefined): asserts actor is AdminActor & { role: "admin" } {
  if (!actor || actor.role !== "admin")
    throw new Response("Akses ditolak.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
