// What every loader and action gets from the request context instead of reaching for it
// itself: the database handle and the signed-in user. The root middleware provides both for
// each request; the user is looked up at most once per request, and only when asked for.
import { isCourierRole, isOwnerRole, isStaffRole, OWNER_ONLY_MESSAGE, type StaffRole } from "~/lib/roles";
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { getDb } from "./db.server";
import { getAuth } from "./accounts/auth.server";
import {
  authHeaders,
  currentPath,
  getSessionUser,
  setCookieHeaders,
  type SessionUser,
} from "./accounts/session.server";

type RequestContext = {
  request: Request;
  db: () => Promise<Database>;
  user: () => Promise<SessionUser | null>;
  /** The user lookup, if anything asked for it during this request. */
  lookedUp: () => Promise<SessionUser | null> | undefined;
};

const requestContext = createContext<RequestContext>();

/** Loaders and actions receive this; tests build one with `contextFor`. */
export type AppContext = Readonly<RouterContextProvider>;

/** Puts the database and the (lazily looked-up) user of this request into its context. */
export function provideRequestContext(context: RouterContextProvider, request: Request): void {
  let user: Promise<SessionUser | null> | undefined;
  context.set(requestContext, {
    request,
    db: getDb,
    user: () => (user ??= getSessionUser(request)),
    lookedUp: () => user,
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

/**
 * True when this request's answer was made for a signed-in user: something asked who is
 * signed in and got a user. Such an answer is never shared, whatever the route declared.
 */
export async function renderedForUser(context: AppContext): Promise<boolean> {
  const lookup = context.get(requestContext).lookedUp();
  return lookup ? (await lookup.catch(() => null)) !== null : false;
}

/** A signed-in user, or a redirect to /login?redirect=<this page>. */
export async function requireUserOf(context: AppContext, request: Request): Promise<SessionUser> {
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
export async function requireStaffOf(context: AppContext): Promise<SessionUser & { role: StaffRole }> {
  const user = await userOf(context);
  if (!user) throw redirect("/admin/login");
  if (!isStaffRole(user.role)) {
    const { request } = context.get(requestContext);
    if (request.method === "GET" || request.method === "HEAD") throw redirect("/admin/login");
    const auth = await getAuth();
    const { headers } = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
    throw redirect("/admin/login", { headers: setCookieHeaders(headers) });
  }
  return user as SessionUser & { role: StaffRole };
}

/**
 * The owner ('Pemilik'): settings, prices and products, the team. A staff member gets a 403
 * page saying so in Indonesian (never a crash); anyone else is handled as by requireStaffOf.
 */
export async function requireOwnerOf(context: AppContext): Promise<SessionUser & { role: "admin" }> {
  const user = await requireStaffOf(context);
  if (!isOwnerRole(user.role)) throw data({ message: OWNER_ONLY_MESSAGE }, { status: 403 });
  return user as SessionUser & { role: "admin" };
}

/** What anyone but a courier gets on /kurir. */
export const COURIER_ONLY_MESSAGE = "Halaman ini khusus Kurir toko. Masuk dengan akun Kurir untuk melihat rute antar.";

/**
 * The courier of this request ('Kurir'): a visitor goes to the login, anyone else signed in
 * gets a 403 page saying the page is for couriers.
 */
export async function requireCourierOf(
  context: AppContext,
  request: Request,
): Promise<SessionUser & { role: "courier" }> {
  const user = await requireUserOf(context, request);
  if (!isCourierRole(user.role)) throw data({ message: COURIER_ONLY_MESSAGE }, { status: 403 });
  return user as SessionUser & { role: "courier" };
}

/**
 * The admin layout's guard: every admin loader and action runs behind it. Server modules
 * check the actor again (assertAdmin).
 */
export const adminGuardMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  await requireStaffOf(context);
  return next();
};
