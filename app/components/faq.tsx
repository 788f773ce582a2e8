// Frequently asked questions on the Radix accordion: one open at a time, keyboard ready
// (Tab to a question, Enter or Space to open, arrow keys between questions).
import type { ReactNode } from "react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "./ui/accordion";

export type FaqEntry = { question: string; answer: ReactNode };

export function Faq({ items, className }: { items: FaqEntry[]; className?: string }) {
  return (
    <div className={className}>
      {/* Answers are always in the HTML (search engines, no JavaScript); this shows them all when scripts are off. */}
      <noscript>
        <style>{"[data-faq-answer][data-state=closed]{display:block!important}"}</style>
      </noscript>
      <Accordion type="single" collapsible className="rounded-2xl border border-stone-200 bg-white px-4 sm:px-6">
        {items.map((item, index) => (
          <AccordionItem key={item.question} value={`faq-${index}`} className="last:border-b-0">
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent
              forceMount
              data-faq-answer=""
              className="text-base leading-relaxed data-[state=closed]:hidden"
            >
              {item.answer}
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}
