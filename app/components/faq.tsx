// Frequently asked questions as native disclosures: one open at a time (`<details name>`),
// keyboard ready without any script (Tab to a question, Enter or Space to open or close), and
// every answer in the HTML for search engines. The browser exposes each question as a button
// with its expanded state.
import type { ReactNode } from "react";
import { ChevronDown } from "lucide-react";
import { useId } from "react";

export type FaqEntry = { question: string; answer: ReactNode };

export function Faq({ items, className }: { items: FaqEntry[]; className?: string }) {
  const group = useId();
  return (
    <div className={className}>
      <div className="rounded-2xl border border-stone-200 bg-white px-4 sm:px-6">
        {items.map((item) => (
          <details key={item.question} name={group} className="group border-b border-stone-200 last:border-b-0">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 py-3 text-left font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown
                className="h-5 w-5 shrink-0 text-stone-600 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <div className="pb-4 text-base leading-relaxed text-stone-700">{item.answer}</div>
          </details>
        ))}
      </div>
    </div>
  );
}
