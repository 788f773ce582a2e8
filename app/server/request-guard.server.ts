// Cross-site request refusal for every state-changing request, React Router actions
// included: the browser's Origin (or Sec-Fetch-Site) must say the request came from us.
import { config } from "./config.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  // A browser that says the request comes from another site (or a sibling subdomain) is
  // believed whatever Origin it carries; Fetch Metadata cannot be set by page scripts.
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return true;
  // Browsers send Origin on every cross-site POST. Non-browser clients (curl, scripts)
  // may send neither header; they carry no victim's cookies to abuse.
  const origin = request.headers.get("origin");
  const allowed = new Set([new URL(config().appUrl).origin, new URL(request.url).origin]);
  return origin !== null && !allowed.has(origin);
}

/**
 * A 400 when a form post's body cannot be read as a form (a broken multipart body, bytes
 * that are no form): every action would otherwise fail inside request.formData() with a 500.
 */
export async function unreadableFormRefusal(request: Request): Promise<Response | null> {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || request.body === null) return null;
  try {
    await request.clone().formData();
    return null;
  } catch {
    return new Response("Data formulir tidak dapat dibaca. Silakan kirim ulang formulir.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

export function crossSiteRefusal(): Response {
  return new Response("Permintaan ditolak: asal permintaan tidak dikenal.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

export const OUTAGE_MESSAGE = "Toko sedang gangguan. Silakan coba lagi dalam beberapa saat.";

/** The page shoppers see while the database is unreachable (HTTP 503, retry soon). */
export function serviceUnavailable(request: Request): Response {
  const headers = { "Retry-After": "30", "Cache-Control": "no-store" };
  // The browser's router shows its own 503 page (root ErrorBoundary) for any error status
  // without React Router's response header; JSON keeps it readable for other clients.
  if (request.headers.get("x-shop-data-request") === "1" || new URL(request.url).pathname.endsWith(".data")) {
    return Response.json({ ok: false, error: OUTAGE_MESSAGE }, { status: 503, headers });
  }
  const { shop } = config();
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sedang Gangguan - ${escapeHtml(shop.name)}</title><style>body{font-family:system-ui,sans-serif;background:#fafaf9;color:#1c1917;margin:0;display:grid;place-items:center;min-height:100vh;text-align:center;padding:1rem}h1{color:#166534}a{display:inline-block;margin-top:1rem;background:#15803d;color:#fff;padding:.75rem 1.25rem;border-radius:.5rem;text-decoration:none}</style></head><body><main><h1>Toko sedang gangguan</h1><p>Maaf, ${escapeHtml(shop.name)} sedang gangguan sebentar. Pesanan dan keranjang Anda aman.</p><p>Silakan coba lagi dalam beberapa saat.</p><a href="">Coba Lagi</a></main></body></html>`;
  return new Response(html, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
