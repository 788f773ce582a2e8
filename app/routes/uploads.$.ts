// Uploaded product images, from the storage module. Names are random and never reused, so
// a file can be cached for a year. Only keys the server itself could have made are read.
import { getStorage, isValidKey } from "~/server/storage.server";
import type { Route } from "./+types/uploads.$";

export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const notFound = () =>
    new Response("Tidak ditemukan.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
    });
  if (!isValidKey(key)) return notFound();
  const file = await getStorage().get(key);
  if (!file) return notFound();
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
