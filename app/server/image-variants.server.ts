// WebP copies of uploaded product photos at the widths pages ask for: a phone showing a
// 180-pixel card gets a 320-pixel WebP of some kilobytes, not the 5 MB original. Each copy is
// made once with sharp and kept in the same storage as the original (disk or bucket), so
// every app process serves it without making it again. A copy lives only as long as its
// original: it is served only while the original exists and deleted with it.
import sharp from "sharp";
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from "~/lib/images";
import { log } from "./logger.server";
import { getStorage, isValidKey, type StoredFile } from "./storage.server";

/** Where the copy of `key` at `width` is kept, e.g. variants/w320/products/ab12-jpg.webp. */
export function variantKey(key: string, width: ImageVariantWidth): string {
  return `variants/w${width}/${key.replace(/\.(jpg|png|webp)$/, "-$1")}.webp`;
}

/** The largest image sharp is asked to decode (40 megapixels: any phone photo, no decompression bomb). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** A copy at `width`, null when there is no such original, or "broken" when it does not decode. */
export async function getImageVariant(key: string, width: ImageVariantWidth): Promise<StoredFile | "broken" | null> {
  if (!isValidKey(key) || key.startsWith("variants/")) return null;
  const storage = getStorage();
  if (!(await storage.exists(key))) return null;
  const target = variantKey(key, width);
  const kept = await storage.get(target);
  if (kept) return kept;
  const original = await storage.get(key);
  if (!original) return null;
  let data: Buffer;
  try {
    data = await sharp(original.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
  } catch (error) {
    log.warn("stored image does not decode", { key, error: String(error) });
    return "broken";
  }
  await storage.put(target, data);
  return { data, contentType: "image/webp" };
}

/** Deletes every resized copy of `key` (missing ones are fine). */
export async function deleteImageVariants(key: string): Promise<void> {
  if (!isValidKey(key) || key.startsWith("variants/")) return;
  const storage = getStorage();
  await Promise.all(IMAGE_VARIANT_WIDTHS.map((width) => storage.delete(variantKey(key, width))));
}
