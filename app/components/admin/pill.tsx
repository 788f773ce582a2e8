// A small coloured label (hidden, featured, inbox status) in the same shape as the order status badge.
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export function Pill({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        className,
      )}
    >
      {children}
    </span>
  );
}
