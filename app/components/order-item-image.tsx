// A product picture on order screens; a missing or broken image shows a leaf instead.
import { useEffect, useRef, useState } from "react";
import { Leaf } from "lucide-react";
import { cn } from "~/lib/utils";

export function OrderItemImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration never fires onError for React.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setBroken(true);
  }, [src]);
  const box = cn("shrink-0 overflow-hidden rounded-lg border border-stone-200 bg-brand-50", className);
  if (!src || broken) {
    return (
      <span className={cn(box, "flex items-center justify-center text-brand-700")} role="img" aria-label={alt}>
        <Leaf className="h-1/2 w-1/2" aria-hidden="true" />
      </span>
    );
  }
  return <img ref={ref} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setBroken(true)} className={cn(box, "object-cover")} />;
}
