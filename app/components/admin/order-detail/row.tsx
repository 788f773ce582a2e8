// A label and its value on the staff order page.
import type { ReactNode } from "react";

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-3">
      <dt className="w-36 shrink-0 text-sm text-stone-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}
