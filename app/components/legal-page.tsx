// The frame of /terms and /privacy: a hero, a short table of contents and numbered sections.
import type { ReactNode } from "react";
import { PageHero } from "./page-hero";

export type LegalSection = { id: string; title: string; body: ReactNode };

export function LegalPage({
  title,
  lead,
  updated,
  sections,
}: {
  title: string;
  lead: ReactNode;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHero eyebrow={`Terakhir diperbarui ${updated}`} title={title}>
        {lead}
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <nav aria-labelledby="daftar-isi" className="rounded-2xl border border-stone-200 bg-white p-5">
          <h2 id="daftar-isi" className="text-base font-bold text-stone-900">
            Daftar Isi
          </h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-stone-800">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-brand-800 underline-offset-4 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-judul`} className="mt-10 scroll-mt-20">
            <h2 id={`${s.id}-judul`} className="text-xl font-extrabold text-stone-900 sm:text-2xl">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-3 text-base leading-relaxed text-stone-800 [&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
              {s.body}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
