// The Cookie header, read once and one way (the `cookie` package, as React Router reads
// it). The server rewrites every request's header into this canonical form at the door, so
// the session (Better Auth) and anything else that looks at cookies see the same ones:
// "sayur.session_token =x" is either a session for all of them or for none.
import { parse } from "cookie";

/** Name → raw value (not decoded), first occurrence wins, names and values trimmed. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const [name, value] of Object.entries(parse(header, { decode: (v) => v })))
    if (name && value !== undefined && !cookies.has(name)) cookies.set(name, value);
  return cookies;
}

/** The header rebuilt as `name=value; name=value`; undefined when nothing is left. */
export function canonicalCookieHeader(header: string | null | undefined): string | undefined {
  const cookies = parseCookieHeader(header);
  if (cookies.size === 0) return undefined;
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}
