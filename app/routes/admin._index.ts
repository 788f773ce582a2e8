// /admin is the dashboard.
import { redirect } from "react-router";
import type { Route } from "./+types/admin._index";
import { requireStaffOf } from "~/server/request-context.server";
import { cachePolicy } from "~/server/http-cache.server";

export const middleware: Route.MiddlewareFunction[] = [cachePolicy("private")];

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaffOf(context);
  return redirect("/admin/dashboard");
}
