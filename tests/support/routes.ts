// Calling route loaders and actions directly, as React Router would, against a test
// database: build the Request (with a session cookie), run the function, and read what came
// back (data, a Response, or a thrown redirect/error) as one uniform result.
import { RouterContextProvider } from "react-router";
import type { DatabaseHandle } from "~/db/client.server";
import { createAuth, setAuthForTests } from "~/server/accounts/auth.server";
import { config } from "~/server/config.server";
import { provideRequestContext } from "~/server/request-context.server";
import { enforceAccess } from "~/server/accounts/access.server";
import { declaredPolicy } from "~/server/route-policy.server";

/** The context the root middleware gives a request: its database handle and its user. */
export function contextFor(request: Request): RouterContextProvider {
  const context = new RouterContextProvider();
  provideRequestContext(context, request);
  return context;
}

/** Makes getDb() and getAuth() inside the app use this database. */
export function useTestDatabase(handle: DatabaseHandle) {
  (
    globalThis as typeof globalThis & {
      __shopDatabase?: Promise<DatabaseHandle>;
    }
  ).__shopDatabase = Promise.resolve(handle);
  setAuthForTests(createAuth(handle.db));
}

export function releaseTestDatabase() {
  (
    globalThis as typeof globalThis & {
      __shopDatabase?: Promise<DatabaseHandle>;
    }
  ).__shopDatabase = undefined;
  setAuthForTests(undefined);
}

export type RouteResult = {
  status: number;
  location: string | null;
  headers: Headers;
  /** Loader/action data, or the text of a Response body. */
  data: unknown;
  thrown: boolean;
  /** The Response itself, when one came back (for its exact bytes). */
  response?: Response;
};

type DataWithInit = {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
};

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}

async function normalize(value: unknown, thrown: boolean): Promise<RouteResult> {
  if (value instanceof Response) {
    const text = value.status >= 300 && value.status < 400 ? "" : await value.clone().text();
    return {
      status: value.status,
      location: value.headers.get("location"),
      headers: value.headers,
      data: text,
      thrown,
      response: value,
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      location: headers.get("location"),
      headers,
      data: value.data,
      thrown,
    };
  }
  if (thrown) throw value;
  return {
    status: 200,
    location: null,
    headers: new Headers(),
    data: value,
    thrown,
  };
}

export function buildRequest(
  path: string,
  {
    cookie,
    method = "GET",
    body,
    headers: extra,
  }: {
    cookie?: string;
    method?: string;
    body?: FormData | URLSearchParams;
    /** Further request headers, e.g. If-None-Match. */
    headers?: Record<string, string>;
  } = {},
): Request {
  const origin = config().appUrl;
  const headers = new Headers(extra);
  if (cookie) headers.set("cookie", cookie);
  if (method !== "GET") headers.set("origin", origin);
  return new Request(`${origin}${path}`, { method, headers, body });
}

export function form(fields: Record<string, string | Blob | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

type RouteFn = (args: never) => unknown;

type RouteModule = { loader?: unknown; action?: unknown; middleware?: unknown };
const routeModules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");
let loadedModules: Promise<RouteModule[]> | undefined;

/**
 * The access the route owning this loader or action declared: React Router runs the route's
 * middleware before it, so a direct call does the same (a function of no route: none).
 */
async function accessOfFunction(fn: RouteFn) {
  loadedModules ??= Promise.all(
    Object.entries(routeModules)
      .filter(([file]) => !file.includes(".test."))
      .map(([, load]) => load()),
  );
  const owner = (await loadedModules).find((m) => m.loader === fn || m.action === fn);
  return owner ? declaredPolicy(owner)?.access : undefined;
}

/** What the route's middleware does before its loader or action: admits (or sends away) the request. */
export async function admitAsDeclared(fn: RouteFn, request: Request, context: RouterContextProvider): Promise<void> {
  const access = await accessOfFunction(fn);
  if (access) await enforceAccess(context, request, access);
}

async function call(fn: RouteFn, request: Request, params: Record<string, string>): Promise<RouteResult> {
  const context = contextFor(request);
  try {
    await admitAsDeclared(fn, request, context);
    const value = await (
      fn as unknown as (args: {
        request: Request;
        params: Record<string, string>;
        context: unknown;
      }) => Promise<unknown>
    )({
      request,
      params,
      context,
    });
    return normalize(value, false);
  } catch (error) {
    return normalize(error, true);
  }
}

export function callLoader(
  loader: RouteFn,
  path: string,
  {
    cookie,
    params = {},
    headers,
  }: { cookie?: string; params?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  return call(loader, buildRequest(path, { cookie, headers }), params);
}

export function callAction(
  action: RouteFn,
  path: string,
  body: FormData,
  { cookie, params = {} }: { cookie?: string; params?: Record<string, string> } = {},
) {
  return call(action, buildRequest(path, { cookie, method: "POST", body }), params);
}

/** The cookie jar after a response: the request's cookies with the response's Set-Cookie applied. */
export function cookiesAfter(cookie: string, result: RouteResult): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)]),
  );
  for (const set of result.headers.getSetCookie()) {
    const pair = set.split(";")[0];
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (/max-age=0/i.test(set) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
