// /admin/backups: 'Cadangkan Sekarang' on the owner's settings page posts here; the list of
// backups lives on that page (section 'Cadangan Data').
import { redirect } from "react-router";
import { backupNowFor } from "~/server/backups/schedule.server";
import { formAction } from "~/server/form-action.server";
import { cachePolicy } from "~/server/http-cache.server";
import { dbOf, requireOwnerOf } from "~/server/request-context.server";
import { z } from "zod";
import type { Route } from "./+types/admin.backups";

export const middleware: Route.MiddlewareFunction[] = [cachePolicy("private")];

export async function loader({ context }: Route.LoaderArgs) {
  await requireOwnerOf(context);
  throw redirect("/admin/settings#cadangan");
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireOwnerOf(context);
  const db = await dbOf(context);
  return formAction(request, {
    name: "backup now",
    schema: z.object({}),
    call: () => backupNowFor(db, admin),
    redirectTo: () => "/admin/settings#cadangan",
    flash: true,
  });
}
