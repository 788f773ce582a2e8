import { Accordion as A } from "radix-ui";
import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const Accordion = A.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof A.Item>) {
  return <A.Item className={cn("border-b border-stone-200", className)} {...props} />;
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof A.Trigger>) {
  return (
    <A.Header className="flex">
      <A.Trigger
        className={cn(
          "group flex min-h-12 flex-1 items-center justify-between gap-3 py-3 text-left font-semibold text-stone-900",
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          className="h-5 w-5 shrink-0 text-stone-600 transition-transform group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
      </A.Trigger>
    </A.Header>
  );
}

export function AccordionContent({ className, ...props }: ComponentProps<typeof A.Content>) {
  return <A.Content className={cn("pb-4 text-sm text-stone-700", className)} {...props} />;
}
