// WebP copies of uploaded product photos at the widths pages ask for: a phone showing a
// 180-pixel card gets a 320-pixel WebP of some kilobytes, not the 5 MB original. Each copy is
// made once with sharp and kept in the same storage as the original (disk or bucket), so
// every app process serves it without making it again. A copy lives only as long as its
// original: it is served only while the original exists and deleted with it. Decoding goes
// through decodeImage like any upload: header checked, one at a time, time-limited.
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from "~/lib/images";
import { getStorage, isValidKey, type StoredFile } from "./storage.server";
import { decodeImage } from "./image-decode.server";

/** Where the copy of `key` at `width` is kept, e.g. variants/w320/products/ab12-jpg.webp. */
export function variantKey(key: string, width: ImageVariantWidth): string {
  return `variants/w${width}/${key.replace(/\.(jpg|png|webp)$/, "-$1")}.webp`;
}

/**
 * A copy at `width`; null when there is no such original; "broken" when it does not decode
 * (or its header is out of bounds); "busy" when the decoder had no turn for it in time.
 */
export async function getImageVariant(
  key: string,
  width: ImageVariantWidth,
): Promise<StoredFile | "broken" | "busy" | null> {
  if (!isValidKey(key) || key.startsWith("variants/")) return null;
  const storage = getStorage();
  if (!(await storage.exists(key))) return null;
  const target = variantKey(key, width);
  const kept = await storage.get(target);
  if (kept) return kept;
  const original = await storage.get(key);
  if (!original) return null;
  const decoded = await decodeImage(
    original.data,
    (image) => image.rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 72 }),
    `variant of ${key}`,
  );
  if (!decoded.ok) return decoded.reason === "busy" ? "busy" : "broken";
  await storage.put(target, decoded.data);
  return { data: decoded.data, contentType: "image/webp" };
}

/** Deletes every resized copy of `key` (missing ones are fine). */
export async function deleteImageVariants(key: string): Promise<void> {
  if (!isValidKey(key) || key.startsWith("variants/")) return;
  const storage = getStorage();
  await Promise.all(IMAGE_VARIANT_WIDTHS.map((width) => storage.delete(variantKey(key, width))));
}
