// /admin/backups/:name: 'Unduh', one backup file for the owner. Never cached anywhere: it
// holds every account and order of the shop.
import { Readable } from "node:stream";
import { data } from "react-router";
import { openBackupFor } from "~/server/backups/schedule.server";
import { routePolicy } from "~/server/route-policy.server";

import type { Route } from "./+types/admin.backups.$name";
import { actorOf } from "~/server/accounts/access.server";

// Outside the admin layout (a file, no panel around it), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "owner" })];

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "owner");
  const file = await openBackupFor(admin, params.name);
  if (!file) throw data("Cadangan tidak ditemukan.", { status: 404 });
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
