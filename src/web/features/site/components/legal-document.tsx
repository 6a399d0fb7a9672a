import { PageHeader } from '@web/components/page-header';
import type * as React from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: React.ReactNode;
}

export const LEGAL_LAST_UPDATED = 'Last updated: January 2024';

/** A legal text: heading, date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: React.ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} description={LEGAL_LAST_UPDATED} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-8">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            On this page
          </h2>
          <ol className="mt-3 grid gap-1.5 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="block rounded-sm py-0.5 text-foreground/80 hover:text-primary hover:underline"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="min-w-0 max-w-3xl leading-relaxed text-foreground/90 [&_li]:mt-1.5 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6">
          <div className="text-lg">{intro}</div>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="mt-10 scroll-mt-24"
            >
              <h2
                id={`${section.id}-heading`}
                className="text-xl font-bold tracking-tight text-foreground sm:text-2xl"
              >
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
