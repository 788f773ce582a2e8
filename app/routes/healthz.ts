// For load balancers: 200 when the database answers, 503 when it does not.
import { checkHealth } from "~/server/lifecycle.server";
import { routePolicy } from "~/server/route-policy.server";

export const middleware = [routePolicy({ cache: "private", access: "public" })];

export async function loader() {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
