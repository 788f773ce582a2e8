// A small product picture on order screens, on the shop's ProductImage (placeholder included).
import { cn } from "~/lib/utils";
import { ProductImage } from "./product-image";

export function OrderItemImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  return (
    <span className={cn("block shrink-0 overflow-hidden rounded-lg border border-stone-200 bg-stone-100", className)}>
      <ProductImage src={src} alt={alt} size={64} />
    </span>
  );
}
