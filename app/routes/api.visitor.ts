// GET /api/visitor: who is looking, for the parts of the shop frame that depend on it (the
// account menu, 'Masuk'). Catalog pages are the same bytes for everyone and cached publicly;
// this small answer is the only personal part and is never stored by anyone.
import { PRIVATE_CACHE_CONTROL } from "~/server/http-cache.server";
import { userOf } from "~/server/request-context.server";
import type { Route } from "./+types/api.visitor";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await userOf(context);
  return Response.json(
    { user: user ? { email: user.email, name: user.name, role: user.role } : null },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL, Vary: "Cookie" } },
  );
}
