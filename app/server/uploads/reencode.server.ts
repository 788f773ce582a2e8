// A photo a user uploads (a payment proof, the shop's QRIS code), decoded and written again
// before it is stored, so nothing but the picture itself is ever kept or served.
import { z } from "zod";
import { PROOF_MAX_BYTES } from "~/lib/payments";
import { decodeImage } from "./image-decode.server";

export type Encoded = { ok: true; data: Buffer } | { ok: false; status: number; message: string };

/**
 * An uploaded photo decoded by sharp, turned upright, shrunk to `maxSide` and written again:
 * whatever rode along (metadata such as the phone's location, bytes after the image) is gone.
 * Its header is checked before anything is decoded (see decodeImage).
 */
export async function reencodeImage(
  file: File,
  maxSide: number,
  format: "webp" | "png",
  what: string,
): Promise<Encoded> {
  if (file.size === 0) return { ok: false, status: 400, message: "Pilih gambar terlebih dahulu." };
  if (file.size > PROOF_MAX_BYTES) return { ok: false, status: 400, message: "Ukuran gambar maksimal 5 MB." };
  const decoded = await decodeImage(
    Buffer.from(await file.arrayBuffer()),
    (image) => {
      const resized = image
        .rotate()
        .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
      return format === "png" ? resized.png({ compressionLevel: 9 }) : resized.webp({ quality: 82 });
    },
    what,
  );
  return decoded.ok ? { ok: true, data: decoded.data } : decoded;
}

/** The image field of a form: a file, or a refusal for anything else. */
export const imageFileSchema = z.custom<File>(
  (v) => typeof File !== "undefined" && v instanceof File && v.size > 0,
  "Pilih gambar terlebih dahulu.",
);
