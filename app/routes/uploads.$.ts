// Uploaded images, from the storage module. Only keys the server itself could have made are
// read. Product photos have random names never reused, so they are cached for a year. The
// QRIS image is different: it is what customers pay into, so only the shop's current one is
// served, and browsers and shared caches check it again on every use (ETag, 304): once the
// owner replaces it, its old address answers 404 everywhere.
// `?w=320` (one of IMAGE_VARIANT_WIDTHS) answers a WebP copy at that width, or the
// placeholder picture when the original does not decode.
import { createHash } from "node:crypto";
import { isImageVariantWidth } from "~/lib/images";
import { getImageVariant } from "~/server/uploads/image-variants.server";
import { isCurrentQrisKey } from "~/server/payments/methods.server";
import { dbOf } from "~/server/request-context.server";
import { getStorage, isPrivateKey, isValidKey } from "~/server/uploads/storage.server";
import type { Route } from "./+types/uploads.$";
import { routePolicy } from "~/server/route-policy.server";

const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Kept by anyone, but never used without asking again (RFC 9111 no-cache). */
const REVALIDATED = "public, no-cache";

function plain(status: number, text: string) {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "asset", access: "public" })];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  // Proofs of payment are private: served only by /orders/:id/payment-proof.
  if (!isValidKey(key) || isPrivateKey(key)) return plain(404, "Tidak ditemukan.");
  const width = new URL(request.url).searchParams.get("w");
  if (width !== null && !isImageVariantWidth(Number(width))) return plain(400, "Lebar gambar tidak didukung.");
  const qris = key.startsWith("qris/");
  if (qris && !(await isCurrentQrisKey(await dbOf(context), key))) return plain(404, "Tidak ditemukan.");
  const file =
    width === null
      ? await getStorage().get(key)
      : await getImageVariant(key, Number(width) as Parameters<typeof getImageVariant>[1]);
  if (!file) return plain(404, "Tidak ditemukan.");
  // A stored file that does not decode shows the shop's placeholder picture, never an error.
  if (file === "broken")
    return new Response(null, {
      status: 302,
      headers: { Location: PLACEHOLDER_IMAGE, "Cache-Control": "no-store" },
    });
  // The decoder is busy with other images: this once, the original at its own size.
  if (file === "busy")
    return new Response(null, {
      status: 302,
      headers: { Location: `/uploads/${key}`, "Cache-Control": "no-store" },
    });
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Cache-Control": qris ? REVALIDATED : IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (qris) {
    headers.ETag = `"${createHash("sha256").update(file.data).digest("base64url").slice(0, 27)}"`;
    const asked = (request.headers.get("If-None-Match") ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
    if (asked.includes(headers.ETag)) return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(file.data), {
    headers: { ...headers, "Content-Length": String(file.data.length) },
  });
}
