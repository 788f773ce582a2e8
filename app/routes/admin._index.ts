// /admin is the dashboard.
import { redirect } from "react-router";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/admin._index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/dashboard");
}
