// Who is asking: the signed-in user behind a request. Loaders and actions get it through the
// request context (request-context.server.ts), which also holds the guards.
import { getAuth } from "./auth.server";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  phone: string;
  address: string;
  role: "admin" | "customer";
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

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return null;
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: authHeaders(request) });
  if (!result) return null;
  const u = result.user as typeof result.user & { phone?: string; address?: string; role?: string };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    phone: u.phone ?? "",
    address: u.address ?? "",
    role: u.role === "admin" ? "admin" : "customer",
    emailVerified: u.emailVerified,
  };
}

/** The path plus query a guard sends back to after login. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}

/** Copies only Set-Cookie lines from a Better Auth response onto a fresh Headers. */
export function setCookieHeaders(from: Headers): Headers {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
