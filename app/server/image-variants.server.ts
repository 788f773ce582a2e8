// WebP copies of uploaded product photos at the widths pages ask for: a phone showing a
// 180-pixel card gets a 320-pixel WebP of some kilobytes, not the 5 MB original. Each copy is
// made once with sharp and kept in the same storage as the original (disk or bucket), so
// every app process serves it without making it again.
import sharp from "sharp";
import type { ImageVariantWidth } from "~/lib/images";
import { getStorage, isValidKey, type StoredFile } from "./storage.server";

/** Where the copy of `key` at `width` is kept, e.g. variants/w320/products/ab12-jpg.webp. */
export function variantKey(key: string, width: ImageVariantWidth): string {
  return `variants/w${width}/${key.replace(/\.(jpg|png|webp)$/, "-$1")}.webp`;
}

export async function getImageVariant(key: string, width: ImageVariantWidth): Promise<StoredFile | null> {
  if (!isValidKey(key) || key.startsWith("variants/")) return null;
  const storage = getStorage();
  const target = variantKey(key, width);
  const kept = await storage.get(target);
  if (kept) return kept;
  const original = await storage.get(key);
  if (!original) return null;
  const data = await sharp(original.data)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer();
  await storage.put(target, data);
  return { data, contentType: "image/webp" };
}
