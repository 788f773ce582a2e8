// A product picture on order screens; a missing or broken image shows the shop's placeholder.
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

const PLACEHOLDER = "/images/placeholder.svg";

export function OrderItemImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration never fires onError for React.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setBroken(true);
  }, [src]);
  return (
    <img
      ref={ref}
      src={!src || broken ? PLACEHOLDER : src}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={64}
      height={64}
      onError={() => setBroken(true)}
      className={cn("shrink-0 overflow-hidden rounded-lg border border-stone-200 bg-brand-50 object-cover", className)}
    />
  );
}
