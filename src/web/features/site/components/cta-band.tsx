import { HydrateLater } from '@web/components/hydrate-later';
import type * as React from 'react';
import { useId } from 'react';

/** The closing call to action of a page: a navy panel with a heading, a sentence and buttons. */
export function CtaBand({
  title,
  text,
  actions,
}: {
  title: React.ReactNode;
  text: React.ReactNode;
  actions: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <HydrateLater>
      <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary p-8 text-primary-foreground sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id={headingId} className="text-2xl font-bold text-balance sm:text-3xl">
              {title}
            </h2>
            <p className="mt-2 text-primary-foreground/85">{text}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-3">{actions}</div>
        </div>
      </section>
    </HydrateLater>
  );
}
