// Requests to a running shop (tests/e2e, tests/process) made the way a plain HTTP client makes
// them: no redirects followed, so a test sees the 303 and its Set-Cookie itself.

/**
 * Posts a form, url-encoded, as a browser's plain form post does. Only the headers given go
 * along (an `Origin`, a `Cookie`, a forwarded address), so a test states what it sends.
 */
export function post(
  baseUrl: string,
  pathname: string,
  fields: Record<string, string>,
  { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${baseUrl}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: new URLSearchParams(fields),
  });
}

/** Signs a staff member in with a post to /admin/login: the answer's status, target and cookies. */
export async function postAdminLogin(baseUrl: string, account: { email: string; password: string }) {
  const response = await post(baseUrl, "/admin/login", { email: account.email, password: account.password });
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookies: response.headers.getSetCookie(),
  };
}
