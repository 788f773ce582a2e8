// A product photo with fixed dimensions (no layout shift) that falls back to the
// placeholder when the image is missing or broken, even if it broke before hydration.
import { useEffect, useRef, useState } from "react";
import { PLACEHOLDER_IMAGE } from "~/lib/catalog";
import { cn } from "~/lib/utils";

export function ProductImage({
  src,
  alt,
  size = 400,
  priority = false,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic width and height in CSS pixels; the images are square. */
  size?: number;
  /** Above the fold: load at once and early instead of lazily. */
  priority?: boolean;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const wanted = src && src.trim() ? src : PLACEHOLDER_IMAGE;
  const shown = failedSrc === wanted ? PLACEHOLDER_IMAGE : wanted;

  useEffect(() => {
    const img = ref.current;
    // The server-rendered image may have failed before React attached onError.
    if (img && img.complete && img.naturalWidth === 0 && wanted !== PLACEHOLDER_IMAGE) setFailedSrc(wanted);
  }, [wanted]);

  return (
    <img
      ref={ref}
      src={shown}
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
