// Cross-site request refusal for every state-changing request, React Router actions
// included: the browser's Origin (or Sec-Fetch-Site) must say the request came from us.
import { config } from "./config.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("origin");
  const allowed = new Set([new URL(config().appUrl).origin, new URL(request.url).origin]);
  if (origin) return !allowed.has(origin);
  // Browsers send Origin on every cross-site POST; a browser request without one that
  // still says cross-site is refused too. Non-browser clients (curl, scripts) send neither.
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}

export function crossSiteRefusal(): Response {
  return new Response("Permintaan ditolak: asal permintaan tidak dikenal.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
