// /manifest.webmanifest: makes the shop installable on a phone's home screen, with its name and icons.
import { createHash } from "node:crypto";
import { THEME_COLOR } from "~/lib/pwa";
import { shopIcons } from "~/lib/shop-logo";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import { loadShopIdentity } from "~/server/shop/identity.server";
import type { Route } from "./+types/manifest[.]webmanifest";

export const middleware = [routePolicy({ cache: "asset", access: "public" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = await loadShopIdentity(await dbOf(context));
  const manifest = {
    id: "/",
    name: shop.name,
    short_name: shop.name,
    description: shop.tagline,
    lang: "id",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    categories: ["shopping", "food"],
    // The owner's logo once uploaded (every copy under a new address), the sample's drawings before.
    icons: shopIcons(shop.logo).manifest,
  };
  const body = JSON.stringify(manifest);
  // Checked again on every use (ETag, 304): a new name or logo is on the next install at once.
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  const headers = {
    "Content-Type": "application/manifest+json; charset=utf-8",
    "Cache-Control": "public, no-cache",
    ETag: etag,
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
