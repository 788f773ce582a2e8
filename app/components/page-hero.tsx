// The bands of a content page: the opening one (the page's one h1, a lead and optional
// actions), its sections, and the closing invitation.
import type { LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";

/** Buttons on the dark green bands; `!` wins over the button variant's own colours. */
export const ON_DARK_PRIMARY = "bg-white! text-brand-900! hover:bg-brand-50!";
export const ON_DARK_SECONDARY = "border-white/70! bg-transparent! text-white! hover:bg-white/10!";

export function PageHero({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16 md:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-3xl leading-tight font-extrabold text-balance sm:text-4xl md:text-5xl">
          {title}
        </h1>
        {children ? (
          <div className="mt-4 max-w-2xl text-base leading-relaxed text-brand-50 sm:text-lg">{children}</div>
        ) : null}
        {actions ? <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div> : null}
      </div>
    </section>
  );
}

/** A section of a content page with its h2 and an optional lead; `tinted` sets it on a light band. */
export function ContentSection({
  id,
  title,
  lead,
  children,
  tinted = false,
}: {
  id?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  tinted?: boolean;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={tinted ? "scroll-mt-20 bg-brand-50" : "scroll-mt-20"}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id={headingId} className="text-2xl font-extrabold text-stone-900 sm:text-3xl">
          {title}
        </h2>
        {lead ? <p className="mt-3 max-w-2xl text-base leading-relaxed text-stone-700">{lead}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** The dark green band that closes a content page: an icon, a question, a lead and two buttons. */
export function ClosingBand({
  id,
  icon: Icon,
  title,
  children,
  actions,
}: {
  /** The heading's id, which names the band. */
  id: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 pb-4">
      <div className="rounded-3xl bg-brand-800 px-6 py-10 text-center text-white sm:px-12">
        <Icon className="mx-auto h-10 w-10 text-brand-100" aria-hidden="true" />
        <h2 id={id} className="mt-3 text-2xl font-extrabold sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-50">{children}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
      </div>
    </section>
  );
}
