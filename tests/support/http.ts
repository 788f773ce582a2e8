// Requests to a running shop (tests/e2e, tests/process) made the way a plain HTTP client makes
// them: no redirects followed, so a test sees the 303 and its Set-Cookie itself.

/**
 * Posts a form as a browser's plain form post does: fields url-encoded, a FormData as
 * multipart (a file upload). Only the headers given go along (an `Origin`, a `Cookie`, a
 * forwarded address), so a test states what it sends.
 */
export function post(
  baseUrl: string,
  pathname: string,
  fields: Record<string, string> | FormData,
  { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const multipart = fields instanceof FormData;
  return fetch(`${baseUrl}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      // fetch writes a multipart body's type itself, with the boundary it chose.
      ...(multipart ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: multipart ? fields : new URLSearchParams(fields),
  });
}

/**
 * The Cookie header a browser sends after this answer: the `name=value` of each Set-Cookie,
 * joined with "; ". Takes a fetch Response, its Headers, or Set-Cookie lines already read
 * (e.g. node:http's `headers["set-cookie"]`).
 */
export function cookieHeader(from: Response | Headers | readonly string[] | undefined): string {
  const lines =
    from instanceof Response ? from.headers.getSetCookie() : from instanceof Headers ? from.getSetCookie() : from;
  return (lines ?? []).map((line) => line.split(";")[0]).join("; ");
}

/**
 * Signs in with a post to the customers' /login form or the staff's /admin/login, as the
 * browser's form post does: the answer's status, target, its Set-Cookie lines and the Cookie
 * header they make. `fields` adds form fields (e.g. `redirect`), `headers` request headers
 * (e.g. an `Origin`).
 */
export async function postLogin(
  baseUrl: string,
  account: { email: string; password: string },
  {
    form = "/login",
    fields = {},
    headers = {},
  }: { form?: "/login" | "/admin/login"; fields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const response = await post(
    baseUrl,
    form,
    { email: account.email, password: account.password, ...fields },
    { headers },
  );
  // The body is read so the connection is free for the next request.
  await response.arrayBuffer();
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookies: response.headers.getSetCookie(),
    cookie: cookieHeader(response),
  };
}

/** Signs a staff member in with a post to /admin/login (see `postLogin`). */
export function postAdminLogin(baseUrl: string, account: { email: string; password: string }) {
  return postLogin(baseUrl, account, { form: "/admin/login" });
}
