// A white panel with an optional heading, the admin panel's basic block.
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export function Card({
  title,
  actions,
  className,
  children,
  id,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section
      aria-labelledby={title && id ? `${id}-title` : undefined}
      className={cn("rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5", className)}
    >
      {title || actions ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title ? (
            <h2 id={id ? `${id}-title` : undefined} className="text-base font-bold text-stone-900">
              {title}
            </h2>
          ) : null}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** Why a form of the panel was refused; nothing when there is nothing to say. `className` spaces it in its card. */
export function ErrorNote({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className={cn("rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800", className)}
    >
      {children}
    </p>
  );
}
