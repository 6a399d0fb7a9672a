import { HydrateLater } from '@web/components/hydrate-later';
import { cn } from '@web/lib/utils';
import type * as React from 'react';
import { useId } from 'react';

interface SectionProps {
  title: React.ReactNode;
  eyebrow?: React.ReactNode;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  /** `muted` for a tinted band that separates it from its neighbours. */
  tone?: 'plain' | 'muted' | 'card';
  id?: string;
  className?: string;
  /** Buttons under the lead. */
  actions?: React.ReactNode;
}

/** A titled band of a marketing page: an h2 labelling a landmark region (hydrated after the page's top). */
export function Section({
  title,
  eyebrow,
  lead,
  children,
  tone = 'plain',
  id,
  className,
  actions,
}: SectionProps) {
  const headingId = useId();
  return (
    <HydrateLater>
      <section
        id={id}
        aria-labelledby={headingId}
        className={cn(
          tone === 'muted' && 'bg-secondary',
          tone === 'card' && 'border-y bg-card',
          'scroll-mt-20',
          className,
        )}
      >
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
          <div className="max-w-3xl">
            {eyebrow ? (
              <p className="text-sm font-semibold tracking-wider text-primary/80 uppercase">{eyebrow}</p>
            ) : null}
            <h2 id={headingId} className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
              {title}
            </h2>
            {lead ? <p className="mt-3 text-muted-foreground sm:text-lg">{lead}</p> : null}
          </div>
          {actions ? <div className="mt-6 flex flex-wrap gap-3">{actions}</div> : null}
          {children ? <div className="mt-8">{children}</div> : null}
        </div>
      </section>
    </HydrateLater>
  );
}
