// /manifest.webmanifest: makes the shop installable on a phone's home screen.
import { THEME_COLOR } from "~/lib/pwa";
import { cachePolicy } from "~/server/http-cache.server";
import { dbOf } from "~/server/request-context.server";
import { loadShopIdentity } from "~/server/shop/identity.server";
import type { Route } from "./+types/manifest[.]webmanifest";

export const middleware = [cachePolicy("asset")];

export async function loader({ context }: Route.LoaderArgs) {
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
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
