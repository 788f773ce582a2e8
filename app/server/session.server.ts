// Who is asking: the signed-in user behind a request, and the guards built on it.
import { data, redirect } from "react-router";
import { isOwnerRole, isStaffRole, OWNER_ONLY_MESSAGE, userRole, type UserRole } from "~/lib/roles";
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
    role: userRole(u.role),
    emailVerified: u.emailVerified,
  };
}

/** The path plus query a guard sends back to after login. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}

/** A signed-in user, or a redirect to /login?redirect=<this page>. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/login?redirect=${encodeURIComponent(currentPath(request))}`);
  return user;
}

/**
 * Someone who works in the admin panel (the owner or a staff member), or: a visitor goes
 * to /admin/login; a signed-in customer is sent there too
 * (and signed out only when posting to an admin action). Either way no admin data is produced.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/admin/login");
  if (!isStaffRole(user.role)) {
    // A GET never changes state: a customer who follows a link to /admin/... (perhaps
    // planted on another site) stays signed in and sees the admin login. Only a customer
    // who posts to an admin action (same origin, checked at the door) is signed out.
    if (request.method === "GET" || request.method === "HEAD") throw redirect("/admin/login");
    const auth = await getAuth();
    const { headers } = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
    throw redirect("/admin/login", { headers: setCookieHeaders(headers) });
  }
  return user;
}

/**
 * The owner ('Pemilik'): settings, prices and products, staff accounts. A staff member gets
 * a 403 page saying so (never a crash); anyone else is handled as by requireAdmin.
 */
export async function requireOwner(request: Request): Promise<SessionUser> {
  const user = await requireAdmin(request);
  if (!isOwnerRole(user.role)) throw data({ message: OWNER_ONLY_MESSAGE }, { status: 403 });
  return user;
}

/** Copies only Set-Cookie lines from a Better Auth response onto a fresh Headers. */
export function setCookieHeaders(from: Headers): Headers {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
