// Grey stand-ins with the exact footprint of what they replace, so nothing jumps.
import { cn } from "~/lib/utils";

function Bone({ className }: { className?: string }) {
  return <div className={cn("animate-pulse-soft rounded-md bg-stone-200", className)} />;
}

export function ProductCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white"
      aria-hidden="true"
    >
      <Bone className="aspect-square w-full rounded-none" />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <Bone className="h-3 w-1/2" />
        <Bone className="h-10 w-4/5" />
        <Bone className="h-10 w-2/3" />
        <Bone className="h-11 w-full" />
        <Bone className="h-11 w-full sm:hidden" />
      </div>
    </div>
  );
}

export function ProductGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <div
      className={cn("grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4", className)}
      role="status"
      aria-label="Memuat produk..."
    >
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

export function CartLineSkeleton() {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-3 sm:p-4" aria-hidden="true">
      <div className="flex gap-3 sm:gap-4">
        <Bone className="h-20 w-20 shrink-0 rounded-xl sm:h-24 sm:w-24" />
        <div className="flex flex-1 flex-col gap-2 pt-1">
          <Bone className="h-4 w-2/3" />
          <Bone className="h-3 w-1/3" />
          <Bone className="h-4 w-1/2" />
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between">
        <Bone className="h-11 w-36" />
        <Bone className="h-9 w-24" />
      </div>
    </div>
  );
}
