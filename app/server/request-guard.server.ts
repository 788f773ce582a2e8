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

/** More fields than any form of the shop has (the largest, a product, has about twenty). */
export const MAX_FORM_FIELDS = 1000;
export const TOO_MANY_FIELDS_MESSAGE = "Terlalu banyak isian formulir. Silakan kirim ulang formulir dari halaman toko.";

/** Counts fields by their separators, without parsing: a million-field form costs milliseconds. */
function formFieldCount(bytes: Uint8Array, contentType: string): number {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (boundary) {
    const marker = Buffer.from(`--${(boundary[1] ?? boundary[2]).trim()}`);
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let count = -1;
    for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + marker.length)) count++;
    return Math.max(0, count);
  }
  let count = bytes.length > 0 ? 1 : 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x26 /* & */) count++;
  return count;
}

/**
 * A 413 for a form with more fields than any of ours (counted before anything parses it),
 * or a 400 when a form post's body cannot be read as a form (a broken multipart body, bytes
 * that are no form): every action would otherwise fail inside request.formData() with a 500.
 */
export async function unreadableFormRefusal(request: Request): Promise<Response | null> {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || request.body === null) return null;
  // A webhook posts JSON, not a form; its route reads and checks the raw bytes itself.
  if (new URL(request.url).pathname.startsWith("/webhooks/")) return null;
  try {
    const copy = request.clone();
    const bytes = new Uint8Array(await copy.arrayBuffer());
    if (formFieldCount(bytes, request.headers.get("content-type") ?? "") > MAX_FORM_FIELDS) {
      return new Response(TOO_MANY_FIELDS_MESSAGE, {
        status: 413,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    await new Response(bytes, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
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
  const html = standalonePage(
    `Sedang Gangguan - ${escapeHtml(shop.name)}`,
    `<h1>Toko sedang gangguan</h1><p>Maaf, ${escapeHtml(shop.name)} sedang gangguan sebentar. Pesanan dan keranjang Anda aman.</p><p>Silakan coba lagi dalam beberapa saat.</p><a href="">Coba Lagi</a>`,
  );
  return new Response(html, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/** A small page that needs neither React nor the database (inline style only, no script). */
function standalonePage(title: string, main: string): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;background:#fafaf9;color:#1c1917;margin:0;display:grid;place-items:center;min-height:100vh;text-align:center;padding:1rem}h1{color:#166534}a{display:inline-block;margin-top:1rem;background:#15803d;color:#fff;padding:.75rem 1.25rem;border-radius:.5rem;text-decoration:none}</style></head><body><main>${main}</main></body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The friendly page for an address that cannot be read (a broken percent escape such as
 * `/products/%E0%A4%A`): a 400 that says what happened and leads back to the shop.
 */
export function malformedUrlPage(): { status: number; headers: Record<string, string>; body: string } {
  const { shop } = config();
  const body = standalonePage(
    `Alamat Tidak Valid - ${escapeHtml(shop.name)}`,
    `<h1>Alamat Tidak Valid</h1><p>Maaf, alamat halaman ini tidak dapat dibaca. Periksa kembali tautannya.</p><a href="/">Kembali ke Beranda</a>`,
  );
  return { status: 400, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }, body };
}
