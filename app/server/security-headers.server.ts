// Security headers of every response the app renders.
import { randomBytes } from "node:crypto";
import { config } from "./config.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string): string {
  return documentPolicy(`'nonce-${nonce}'`);
}

/** A document's policy allowing exactly these inline scripts (for pages shared between visitors: no nonce to reuse). */
export function hashedContentSecurityPolicy(hashes: string[]): string {
  return documentPolicy(hashes.join(" "));
}

function documentPolicy(inlineScripts: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The policy of everything React Router did not render: data, images, files, plain-text
 * errors, and the static files that are documents or workers themselves (public/offline.html,
 * the service worker, whose fetches this policy governs). Same-origin only, no inline or
 * foreign scripts, never framed.
 */
export const NON_DOCUMENT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

/**
 * The headers every response carries, whoever answers it (React Router, the static files,
 * the body-size guard). server/app.mjs fills them into any response that lacks them.
 */
export function baseSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": NON_DOCUMENT_CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (config().secureCookies) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** Headers for every response; `nonce` gives HTML documents their script-nonce CSP. */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  for (const [name, value] of Object.entries(baseSecurityHeaders())) headers.set(name, value);
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
}
