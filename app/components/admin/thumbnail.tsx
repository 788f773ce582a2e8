// A 48 px product picture for admin lists, with the shop's placeholder when it is missing or broken.
import { ProductImage } from "~/components/product-image";

export function Thumbnail({ src }: { src: string | null | undefined }) {
  return (
    <span className="block h-12 w-12 shrink-0 overflow-hidden rounded-lg bg-stone-100">
      <ProductImage src={src} alt="" size={48} />
    </span>
  );
}
