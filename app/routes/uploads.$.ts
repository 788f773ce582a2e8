// Uploaded product images, from the storage module. Names are random and never reused, so
// a file can be cached for a year. Only keys the server itself could have made are read.
// `?w=320` (one of IMAGE_VARIANT_WIDTHS) answers a WebP copy at that width, or the
// placeholder picture when the original does not decode.
import { isImageVariantWidth } from "~/lib/images";
import { getImageVariant } from "~/server/image-variants.server";
import { getStorage, isPrivateKey, isValidKey } from "~/server/storage.server";
import type { Route } from "./+types/uploads.$";
import { cachePolicy } from "~/server/http-cache.server";

const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

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

export const middleware: Route.MiddlewareFunction[] = [cachePolicy("asset")];

export async function loader({ params, request }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  // Proofs of payment are private: served only by /orders/:id/payment-proof.
  if (!isValidKey(key) || isPrivateKey(key)) return plain(404, "Tidak ditemukan.");
  const width = new URL(request.url).searchParams.get("w");
  if (width !== null && !isImageVariantWidth(Number(width))) return plain(400, "Lebar gambar tidak didukung.");
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
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
