// /admin/backups: 'Cadangkan Sekarang' on the owner's settings page posts here; the list of
// backups lives on that page (section 'Cadangan Data').
import { redirect } from "react-router";
import { backupNowFor } from "~/server/backups/schedule.server";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import { z } from "zod";
import type { Route } from "./+types/admin.backups";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export function loader({ context }: Route.LoaderArgs) {
  actorOf(context, "owner"); // a staff member is refused here
  throw redirect("/admin/settings#cadangan");
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "owner");
  const db = await dbOf(context);
  return formAction(request, {
    name: "backup now",
    schema: z.object({}),
    call: () => backupNowFor(db, admin),
    redirectTo: () => "/admin/settings#cadangan",
    flash: true,
  });
}
