// GET /api/visitor: who is looking (the account menu). The answer, and why it is cheap, are
// in ~/server/visitor.server; in production server/app.mjs answers before React Router.
import { routePolicy } from "~/server/route-policy.server";
import { visitorResponse } from "~/server/visitor.server";
import type { Route } from "./+types/api.visitor";

// Personal by nature: one visitor's name and cart, never shared.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export function loader({ request }: Route.LoaderArgs) {
  return visitorResponse(request);
}
