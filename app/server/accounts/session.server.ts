// Who is asking: the signed-in user behind a request. Loaders and actions get it through the
// request context (request-context.server.ts), which also holds the guards.
import { userRole, type UserRole } from "~/lib/roles";
import { getAuth } from "./auth.server";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  phone: string;
  address: string;
  role: UserRole;
  emailVerified: boolean;
};

/**
 * The headers Better Auth needs from a browser request: its cookies and who it is. The
 * Origin is left out on purpose: our own guard (request-guard.server.ts) has checked it.
 */
export function authHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent", "x-forwarded-for", "x-client-ip"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

type AuthUser = { id: string; email: string; name: string; emailVerified: boolean } & {
  phone?: string | null;
  address?: string | null;
  role?: string | null;
};

function sessionUser(u: AuthUser): SessionUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    phone: u.phone ?? "",
    address: u.address ?? "",
    role: userRole(u.role ?? undefined),
    emailVerified: u.emailVerified,
  };
}

/** The signed-in user, asked of the database (never the session cookie's cached copy). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return null;
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: authHeaders(request), query: { disableCookieCache: true } });
  return result ? sessionUser(result.user as AuthUser) : null;
}

/**
 * Who is looking, for display only (the account menu): from the encrypted session-data
 * cookie while it is fresh (no database), else from the database, which renews that cookie
 * (`setCookies`, to send back). Never use this to decide what someone may see or do.
 */
export async function displayedSessionUser(
  request: Request,
): Promise<{ user: SessionUser | null; setCookies: Headers }> {
  if (!request.headers.get("cookie")) return { user: null, setCookies: new Headers() };
  const auth = await getAuth();
  const { response, headers } = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
  return { user: response ? sessionUser(response.user as AuthUser) : null, setCookies: setCookieHeaders(headers) };
}

/** The path plus query a guard sends back to after login. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  // A client-side navigation's `.data` request names the routes it wants (`_routes`): React
  // Router's own, never part of the page's address (route middleware sees it, loaders do not).
  if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}

/** Copies only Set-Cookie lines from a Better Auth response onto a fresh Headers. */
export function setCookieHeaders(from: Headers): Headers {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
