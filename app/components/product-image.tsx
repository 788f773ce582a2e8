// A product photo with fixed dimensions (no layout shift) that falls back to the
// placeholder when the image is missing or broken, even if it broke before hydration.
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { responsiveImage } from "~/lib/images";
import { PLACEHOLDER_IMAGE } from "~/lib/catalog";
import { cn } from "~/lib/utils";

export function ProductImage({
  src,
  alt,
  size = 400,
  priority = false,
  sizes = `${size}px`,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic width and height in CSS pixels; the images are square. */
  size?: number;
  /** Above the fold: load at once and early instead of lazily. */
  priority?: boolean;
  /** How wide the image is shown, for the browser to pick a variant (uploaded photos only). */
  sizes?: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const wanted = src && src.trim() ? src : PLACEHOLDER_IMAGE;
  const shown = failedSrc === wanted ? PLACEHOLDER_IMAGE : wanted;
  const responsive = responsiveImage(shown, size);
  // The largest picture above the fold is fetched from the document's head, before any script.
  if (priority)
    preload(responsive?.src ?? shown, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: responsive?.srcSet,
      imageSizes: responsive ? sizes : undefined,
    });

  useEffect(() => {
    const img = ref.current;
    // The server-rendered image may have failed before React attached onError.
    if (img && img.complete && img.naturalWidth === 0 && wanted !== PLACEHOLDER_IMAGE) setFailedSrc(wanted);
  }, [wanted]);

  return (
    <img
      ref={ref}
      src={responsive?.src ?? shown}
      srcSet={responsive?.srcSet}
      sizes={responsive ? sizes : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailedSrc(wanted);
      }}
      className={cn("aspect-square h-auto w-full bg-stone-100 object-cover", className)}
    />
  );
}
