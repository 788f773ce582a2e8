// GET /api/visitor: who is looking, for the parts of the shop frame that depend on it (the
// account menu, 'Masuk'). Catalog pages are the same bytes for everyone and cached publicly;
// this small answer is the only personal part and is never stored by anyone.
//
// Asked on every page view, so it reads the session's encrypted cookie copy (Better Auth's
// cookie cache) instead of the database while that copy is fresh: the menu is a display;
// what a person may see or do is decided by the pages, which always ask the database.
// server/app.mjs answers it before React Router (whose route matching and middleware would
// cost more than the answer); the route module gives the same answer in development.
import { PRIVATE_CACHE_CONTROL } from "./http-cache.server";
import { displayedSessionUser } from "./accounts/session.server";

export async function visitorResponse(request: Request): Promise<Response> {
  const { user, setCookies } = await displayedSessionUser(request);
  const headers = new Headers(setCookies);
  headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  headers.set("Vary", "Cookie");
  return Response.json({ user: user ? { email: user.email, name: user.name, role: user.role } : null }, { headers });
}
