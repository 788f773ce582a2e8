// The top of the customer's order page: the five steps from 'Diterima' to 'Selesai', the one
// under way marked, and a sentence on what happens next.
import { Check } from "lucide-react";
import type { OrderProgress } from "~/lib/order-progress";
import { cn } from "~/lib/utils";

export function OrderProgressTracker({ progress }: { progress: OrderProgress }) {
  if (progress.cancelled) return null;
  const current = progress.steps.find((s) => s.state === "current");
  return (
    <section aria-label="Status pesanan" className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm md:p-4">
      <ol className="grid grid-cols-5 gap-1" data-testid="order-progress">
        {progress.steps.map((step, i) => (
          <li
            key={step.key}
            className="relative flex flex-col items-center text-center"
            aria-current={step.state === "current" ? "step" : undefined}
            data-state={step.state}
          >
            {i > 0 ? (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2",
                  step.state === "done" ? "bg-brand-600" : "bg-stone-200",
                )}
              />
            ) : null}
            <span
              className={cn(
                "relative z-10 flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold ring-2",
                step.state === "done" && "bg-brand-600 text-white ring-brand-600",
                step.state === "current" && "bg-white text-brand-800 ring-brand-600",
                step.state === "todo" && "bg-white text-stone-500 ring-stone-300",
              )}
            >
              {step.state === "done" ? <Check className="h-4 w-4" aria-hidden="true" /> : i + 1}
            </span>
            <span
              className={cn(
                "mt-1 text-[11px] leading-tight [overflow-wrap:anywhere] sm:text-xs",
                step.state === "todo" ? "text-stone-500" : "font-semibold text-stone-900",
              )}
            >
              {/* 'Ditimbang/Tagihan' may break after the slash on a narrow phone. */}
              {step.label.replace("/", "/\u200b")}
              <span className="sr-only">
                {step.state === "done" ? " (selesai)" : step.state === "current" ? " (sekarang)" : ""}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-stone-800" data-testid="order-progress-next">
        {current ? <strong className="font-semibold">{current.label}: </strong> : null}
        {progress.next}
      </p>
    </section>
  );
}
