// /admin is the dashboard.
import { redirect } from "react-router";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/admin._index";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export function loader() {
  return redirect("/admin/dashboard");
}
