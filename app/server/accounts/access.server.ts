// Who may open a route, enforced in one place: the route's `routePolicy` middleware calls
// `enforceAccess` with the level the route declared (app/lib/access.ts) before any loader or
// action runs, and leaves the actor in the request context, where `actorOf` reads it.
// A visitor or a customer in the wrong place is sent away by the middleware itself. A signed-in
// person refused with a 403 (staff on an owner's page, anyone but a courier on /kurir) is told
// by the route's own loader or action, at its first `actorOf`: a page refused there is drawn in
// its own error view inside its layout (the admin frame, the shop's name), as it always was,
// where a refusal thrown by a middleware would be drawn before any loader ran, without them.
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

/** The person a level let through, or the 403 that refuses them (thrown by actorOf). */
type Admission = { actor: unknown } | { refusal: ReturnType<typeof data>; told: boolean };

const admissions = createContext<Map<AccessLevel, Admission> | null>(null);

function admissionsOf(context: AppContext): Map<AccessLevel, Admission> {
  const known = context.get(admissions);
  if (known) return known;
  const fresh = new Map<AccessLevel, Admission>();
  (context as RouterContextProvider).set(admissions, fresh);
  return fresh;
}

const refused = (message: string): Admission => ({ refusal: data({ message }, { status: 403 }), told: false });

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

async function admit(level: AccessLevel, context: AppContext, request: Request): Promise<Admission> {
  switch (level) {
    case "public":
      // Nobody is looked up: a public catalog page rendered without asking who is signed in
      // stays the same shareable bytes for everyone (routes that want the user ask userOf).
      return { actor: null };
    case "customer":
      return { actor: await signedIn(context, request) };
    case "staff":
      return { actor: await staffMember(context, request) };
    case "owner": {
      // The owner ('Pemilik'): a staff member gets a 403 page saying so in Indonesian (never a
      // crash); anyone else is handled as on any staff page.
      const user = await staffMember(context, request);
      return isOwnerRole(user.role) ? { actor: user } : refused(OWNER_ONLY_MESSAGE);
    }
    case "courier": {
      const user = await signedIn(context, request);
      return isCourierRole(user.role) ? { actor: user } : refused(COURIER_ONLY_MESSAGE);
    }
  }
}

/**
 * Lets the request through to the route's loaders and action, or throws the redirect its
 * declaration calls for. A read needs the loader's level; a change needs the action's and
 * then the loader's, since the page's loaders answer after the action in the same request.
 */
export async function enforceAccess(context: AppContext, request: Request, access: Access): Promise<void> {
  const levels: AccessLevel[] = isReadMethod(request.method)
    ? [accessFor(access, "loader")]
    : [accessFor(access, "action"), accessFor(access, "loader")];
  const known = admissionsOf(context);
  for (const level of levels) {
    if (!known.has(level)) known.set(level, await admit(level, context, request));
  }
}

/** A 403 the declaration decided on that no loader or action of the route has thrown. */
export function untoldRefusal(context: AppContext): boolean {
  return [...admissionsOf(context).values()].some((a) => "refusal" in a && !a.told);
}

/**
 * The actor the route's declared access let through: `actorOf(context, "staff")` in a route
 * that declared "staff". Every loader and action of an "owner" or "courier" route asks first:
 * that is where a refused person's 403 is thrown. Asking for a level the route did not declare
 * is a programming error.
 */
export function actorOf<L extends Exclude<AccessLevel, "public">>(context: AppContext, level: L): ActorOf[L] {
  const admission = admissionsOf(context).get(level);
  if (!admission)
    throw new Error(`actorOf(context, "${level}"): the route did not declare access "${level}" for this request`);
  if ("refusal" in admission) {
    admission.told = true;
    throw admission.refusal;
  }
  return admission.actor as ActorOf[L];
}
