// Who may use the admin server modules. The admin layout's middleware guards the routes; these modules check
// again where the data is read, so a route that forgot its guard still gets nothing.
import { isOwnerRole, isStaffRole, OWNER_ONLY_MESSAGE } from "~/lib/roles";
import type { SessionUser } from "./session.server";

export type AdminActor = Pick<SessionUser, "id" | "role">;

/** The owner or a staff member. */
export function assertAdmin(actor: AdminActor | null | undefined): asserts actor is AdminActor {
  if (!actor || !isStaffRole(actor.role))
    throw new Response("Akses ditolak.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The owner only (settings, prices and products, staff accounts). */
export function assertOwner(actor: AdminActor | null | undefined): asserts actor is AdminActor & { role: "admin" } {
  assertAdmin(actor);
  if (!isOwnerRole(actor.role))
    throw new Response(OWNER_ONLY_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
