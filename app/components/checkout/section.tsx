// One card of the checkout page with its heading.
import type { ReactNode } from "react";

export function CheckoutSection({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:p-6"
      aria-labelledby={`judul-${title}`}
    >
      <h2 id={`judul-${title}`} className="mb-4 flex items-center gap-2 text-lg font-bold text-stone-900">
        <span className="text-brand-700">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}
