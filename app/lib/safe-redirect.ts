// Where a login may send the browser afterwards: only ever a path on this site. Anything
// that a browser could read as another origin ("//x", "/\x", "https://x", "javascript:",
// encoded or with whitespace slipped in) falls back to the home page.

const BASE = "http://sayur.invalid";
// Browsers drop tabs and newlines inside URLs and treat "\" like "/", so "/\t/evil" and
// "/\evil" both become "//evil". Raw whitespace or control characters never belong in a
// path we send people to (a real query string carries them encoded).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_FORBIDDEN = /[\u0000-\u0020\u007F-\u009F\u00A0\u1680\u2000-\u200F\u2028\u2029\u202F\u205F\u3000\uFEFF\\]/;
// eslint-disable-next-line no-control-regex -- as above
const DECODED_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\uFEFF\\]/;

function startsLikeAPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//");
}

export function safeRedirect(target: unknown, fallback = "/"): string {
  const result = normalisedPath(target);
  // Resolving dot segments can build a new "//" ("/..//x" and "/a/..//x" become "//x"),
  // so the normalised result is checked again, exactly as it will be sent.
  if (result === null || normalisedPath(result) !== result) return fallback;
  return result;
}

function resolvedPathname(path: string): string {
  try {
    return new URL(path, BASE).pathname;
  } catch {
    return "";
  }
}

function normalisedPath(target: unknown): string | null {
  const fallback = null;
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (!startsLikeAPath(target) || RAW_FORBIDDEN.test(target)) return fallback;

  // "/%2F%2Fevil" or "/%5Cevil" turn into the shapes above on servers and proxies that
  // decode the path; check the path the way they would see it.
  let path = target.split(/[?#]/, 1)[0];
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return fallback;
    }
    if (!startsLikeAPath(decoded) || DECODED_FORBIDDEN.test(decoded)) return fallback;
    if (!startsLikeAPath(resolvedPathname(decoded))) return fallback;
    if (decoded === path) break;
    path = decoded;
  }

  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

// Pages a login or sign-up should never send the shopper back to.
const NO_RETURN = ["/login", "/register", "/logout", "/forgot-password", "/reset-password"];

/**
 * '/login' or '/register' that bring the shopper back to `here` (path and query) afterwards;
 * plain for the home page, the account pages themselves and anything unsafe.
 */
export function accountHref(page: "/login" | "/register", here: string): string {
  const back = safeRedirect(here);
  const path = back.split("?")[0];
  if (back === "/" || NO_RETURN.includes(path)) return page;
  return `${page}?redirect=${encodeURIComponent(back)}`;
}
