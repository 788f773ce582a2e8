// /robots.txt: the catalog is open to search engines; accounts, checkout and staff pages are not.
import { config } from "~/server/config.server";
import { routePolicy } from "~/server/route-policy.server";

const PRIVATE = [
  "/admin",
  "/api/",
  "/cart",
  "/checkout",
  "/order-success",
  "/orders",
  "/profile",
  "/addresses",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/logout",
  "/search",
];

export const middleware = [routePolicy({ cache: "asset", access: "public" })];

export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${config().appUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
