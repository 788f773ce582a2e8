// Who may open a URL, as each route declares it next to its cache policy
// (`routePolicy` in app/server/route-policy.server.ts). One word per route, or one for reading
// (GET, HEAD: the loader) and one for changing (any other method: the action).
// - "public": anyone; a page may still read the signed-in user (userOf) to say more;
// - "customer": anyone signed in (a visitor goes to /login?redirect=<this page>);
// - "staff": the owner or a staff member (anyone else goes to /admin/login);
// - "owner": the owner ('Pemilik'); a staff member gets a 403 saying so;
// - "courier": a courier ('Kurir'); a visitor goes to the login, anyone else gets a 403.
export const ACCESS_LEVELS = ["public", "customer", "staff", "owner", "courier"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export type Access = AccessLevel | { loader: AccessLevel; action: AccessLevel };

export function isAccessLevel(value: unknown): value is AccessLevel {
  return ACCESS_LEVELS.includes(value as AccessLevel);
}

/** Whether a request only reads (the loader answers it) rather than changes (the action). */
export function isReadMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

/** The level a declaration asks of one kind of request. */
export function accessFor(access: Access, kind: "loader" | "action"): AccessLevel {
  return typeof access === "string" ? access : access[kind];
}
