// What every loader and action gets from the request context instead of reaching for it
// itself: the database handle and the signed-in user. The root middleware provides both for
// each request; the user is looked up at most once per request, and only when asked for.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { getDb } from "./db.server";
import { getSessionUser, type SessionUser } from "./accounts/session.server";

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
