// What every loader and action gets from the request context instead of reaching for it
// itself: the database handle and the signed-in user. The root middleware provides both for
// each request; the user is looked up at most once per request, and only when asked for.
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { getDb } from "./db.server";
import { currentPath, getSessionUser, type SessionUser } from "./session.server";

type RequestContext = {
  db: () => Promise<Database>;
  user: () => Promise<SessionUser | null>;
};

const requestContext = createContext<RequestContext>();

/** Loaders and actions receive this; tests build one with `contextFor`. */
export type AppContext = Readonly<RouterContextProvider>;

/** Puts the database and the (lazily looked-up) user of this request into its context. */
export function provideRequestContext(context: RouterContextProvider, request: Request): void {
  let user: Promise<SessionUser | null> | undefined;
  context.set(requestContext, {
    db: getDb,
    user: () => (user ??= getSessionUser(request)),
  });
}

export const requestContextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  provideRequestContext(context as RouterContextProvider, request);
  return next();
};

/** The database handle of this request. */
export function dbOf(context: AppContext): Promise<Database> {
  return context.get(requestContext).db();
}

/** The signed-in user of this request, or null. */
export function userOf(context: AppContext): Promise<SessionUser | null> {
  return context.get(requestContext).user();
}

/** A signed-in user, or a redirect to /login?redirect=<this page>. */
export async function requireUserOf(context: AppContext, request: Request): Promise<SessionUser> {
  const user = await userOf(context);
  if (!user) throw redirect(`/login?redirect=${encodeURIComponent(currentPath(request))}`);
  return user;
}

/**
 * The admin layout's guard: every admin loader and action runs behind it. Anyone who is not
 * staff is sent to the admin login, and a signed-in customer keeps their session: looking at
 * an admin address is no reason to sign anybody out. Server modules check the actor again.
 */
export const adminGuardMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const user = await userOf(context);
  if (user?.role !== "admin") throw redirect("/admin/login");
  return next();
};

/** The staff member of an admin loader or action (behind the admin guard), or the admin login. */
export async function requireStaffOf(context: AppContext): Promise<SessionUser & { role: "admin" }> {
  const user = await userOf(context);
  if (user?.role !== "admin") throw redirect("/admin/login");
  return user as SessionUser & { role: "admin" };
}
