// Responsive product photos: the widths the server makes WebP copies in (routes/uploads.$.ts),
// shared with the <img srcset> that asks for them. Only uploaded photos have variants; the
// shipped sample pictures are small SVGs that scale by themselves.

export const IMAGE_VARIANT_WIDTHS = [160, 320, 480, 640, 960] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

export function isImageVariantWidth(width: number): width is ImageVariantWidth {
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width);
}

/** srcset and a default src for an uploaded photo, or null for anything else (SVGs, placeholders). */
export function responsiveImage(src: string, displayWidth: number): { src: string; srcSet: string } | null {
  if (!src.startsWith("/uploads/") || src.includes("?")) return null;
  const fallback =
    IMAGE_VARIANT_WIDTHS.find((w) => w >= displayWidth) ?? IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1];
  return { src: `${src}?w=${fallback}`, srcSet: IMAGE_VARIANT_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(", ") };
}
