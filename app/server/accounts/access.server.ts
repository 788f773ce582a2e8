// Who may open a route, enforced in one place: the route's `routePolicy` middleware calls
// `enforceAccess` with the level the route declared (app/lib/access.ts), before any loader or
// action runs, and leaves the actor in the request context, where `actorOf` reads it.
// Server modules still check the actor they are given (assertAdmin, assertOwner).
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { accessFor, isReadMethod, type Access, type AccessLevel } from "~/lib/access";
import { isCourierRole, isOwnerRole, isStaffRole, OWNER_ONLY_MESSAGE, type StaffRole } from "~/lib/roles";
import { userOf, type AppContext } from "../request-context.server";
import { getAuth } from "./auth.server";
import { authHeaders, currentPath, setCookieHeaders, type SessionUser } from "./session.server";

/** What anyone but a courier gets on /kurir. */
export const COURIER_ONLY_MESSAGE = "Halaman ini khusus Kurir toko. Masuk dengan akun Kurir untuk melihat rute antar.";

/** The actor each level lets through. */
export type ActorOf = {
  public: SessionUser | null;
  customer: SessionUser;
  staff: SessionUser & { role: StaffRole };
  owner: SessionUser & { role: "admin" };
  courier: SessionUser & { role: "courier" };
};

const actors = createContext<Map<AccessLevel, unknown> | null>(null);

function actorsOf(context: AppContext): Map<AccessLevel, unknown> {
  const known = context.get(actors);
  if (known) return known;
  const fresh = new Map<AccessLevel, unknown>();
  (context as RouterContextProvider).set(actors, fresh);
  return fresh;
}

/** A signed-in user, or a redirect to /login?redirect=<this page>. */
async function signedIn(context: AppContext, request: Request): Promise<SessionUser> {
  const user = await userOf(context);
  if (!user) throw redirect(`/login?redirect=${encodeURIComponent(currentPath(request))}`);
  return user;
}

/**
 * The staff member of this request, or a redirect to the admin login. A GET never changes
 * state: a customer who follows a link to /admin/... (perhaps planted on another site) stays
 * signed in. Only a customer who posts to an admin action (same origin, checked at the door)
 * is signed out.
 */
async function staffMember(context: AppContext, request: Request): Promise<ActorOf["staff"]> {
  const user = await userOf(context);
  if (!user) throw redirect("/admin/login");
  if (!isStaffRole(user.role)) {
    if (isReadMethod(request.method)) throw redirect("/admin/login");
    const auth = await getAuth();
    const { headers } = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
    throw redirect("/admin/login", { headers: setCookieHeaders(headers) });
  }
  return user as ActorOf["staff"];
}

async function actorFor(level: AccessLevel, context: AppContext, request: Request): Promise<unknown> {
  switch (level) {
    case "public":
      return userOf(context);
    case "customer":
      return signedIn(context, request);
    case "staff":
      return staffMember(context, request);
    case "owner": {
      // The owner ('Pemilik'): a staff member gets a 403 page saying so in Indonesian (never a
      // crash); anyone else is handled as on any staff page.
      const user = await staffMember(context, request);
      if (!isOwnerRole(user.role)) throw data({ message: OWNER_ONLY_MESSAGE }, { status: 403 });
      return user;
    }
    case "courier": {
      const user = await signedIn(context, request);
      if (!isCourierRole(user.role)) throw data({ message: COURIER_ONLY_MESSAGE }, { status: 403 });
      return user;
    }
  }
}

/**
 * Lets the request through to the route's loaders and action, or throws the redirect or 403
 * its declaration calls for. A read needs the loader's level; a change needs the action's and
 * then the loader's, since the page's loaders answer after the action in the same request.
 */
export async function enforceAccess(context: AppContext, request: Request, access: Access): Promise<void> {
  const levels: AccessLevel[] = isReadMethod(request.method)
    ? [accessFor(access, "loader")]
    : [accessFor(access, "action"), accessFor(access, "loader")];
  const known = actorsOf(context);
  for (const level of levels) {
    if (!known.has(level)) known.set(level, await actorFor(level, context, request));
  }
}

/**
 * The actor the route's declared access let through: `actorOf(context, "staff")` in a route
 * that declared "staff". Asking for a level the route did not declare is a programming error.
 */
export function actorOf<L extends Exclude<AccessLevel, "public">>(context: AppContext, level: L): ActorOf[L] {
  const known = actorsOf(context);
  if (!known.has(level))
    throw new Error(`actorOf(context, "${level}"): the route did not declare access "${level}" for this request`);
  return known.get(level) as ActorOf[L];
}
