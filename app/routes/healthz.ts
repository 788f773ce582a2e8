// For load balancers: 200 when the database answers, 503 when it does not.
import { checkHealth } from "~/server/lifecycle.server";
import { cachePolicy } from "~/server/http-cache.server";

export const middleware = [cachePolicy("private")];

export async function loader() {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
