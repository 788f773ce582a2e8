// /robots.txt: the catalog is open to search engines; accounts, checkout and staff pages are not.
// Every page that only a signed-in customer, a courier or staff may open is read from its own
// route's declaration (`routePolicy`), so a new private page is kept out without an edit here;
// the list below adds the public pages that are no use in search results.
import { accessFor, type Access } from "~/lib/access";
import { config } from "~/server/config.server";
import { declaredPolicy, routePolicy } from "~/server/route-policy.server";

/** Public pages search engines should skip: personal or one-time pages, forms and search results. */
const PUBLIC_BUT_UNLISTED = [
  "/api/",
  "/cart",
  "/checkout",
  "/order-success",
  "/favorites",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/logout",
  "/search",
  "/setup",
  "/stock-alerts",
];

export const middleware = [routePolicy({ cache: "asset", access: "public" })];

// Every other route module's middleware, read on the server only (the server bundle holds them all).
const routeMiddleware = import.meta.glob<unknown>(["./*.{ts,tsx}", "!./robots*", "!./*layout.tsx", "!./*.test.*"], {
  eager: true,
  import: "middleware",
});

/**
 * The URL a route file answers, by the naming app/routes.ts follows: dots are slashes,
 * `$name` a parameter, `[.]` a dot, `_index` the folder itself (layouts are not read: they answer no URL).
 */
function pathOfRouteFile(file: string): string | undefined {
  const name = file.replace(/^\.\//, "").replace(/\.tsx?$/, "");
  if (name === "home") return "/";
  if (name === "not-found") return undefined;
  const segments = name
    .replaceAll("[.]", "\u0000")
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => s.replaceAll("\u0000", "."));
  return `/${segments.map((s) => (s === "$" ? "*" : s.startsWith("$") ? `:${s.slice(1)}` : s)).join("/")}`;
}

/** The fixed part of a URL pattern: `/orders/:id/payment-proof` -> `/orders`. */
function fixedPrefix(path: string): string {
  const fixed: string[] = [];
  for (const segment of path.split("/").slice(1)) {
    if (segment.startsWith(":") || segment === "*") break;
    fixed.push(segment);
  }
  return `/${fixed.join("/")}`;
}

/** Whether `prefix` already keeps `path` out (as robots.txt matches: by leading characters). */
function covers(prefix: string, path: string): boolean {
  return prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);
}

function disallowed(): string[] {
  const privatePaths: string[] = [];
  for (const [file, middleware] of Object.entries(routeMiddleware)) {
    const path = pathOfRouteFile(file);
    const policy = path ? declaredPolicy({ middleware }) : undefined;
    if (path && policy && accessFor(policy.access as Access, "loader") !== "public")
      privatePaths.push(fixedPrefix(path));
  }
  const all = [...new Set([...privatePaths, ...PUBLIC_BUT_UNLISTED])].sort();
  return all.filter((path) => !all.some((other) => other !== path && covers(other, path)));
}

export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...disallowed().map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${config().appUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
