import { cn } from '@web/lib/utils';
import type * as React from 'react';
import { RoofBlueprint } from './roof-blueprint';

interface PageHeroProps {
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  lead?: React.ReactNode;
  /** Buttons under the lead. */
  actions?: React.ReactNode;
  /** Drawn beside the text on wide screens, under it on phones. */
  aside?: React.ReactNode;
  /** `dark` for the navy band of the landing and service pages. */
  tone?: 'dark' | 'light';
  className?: string;
}

/** The band at the top of a marketing page, with the page's one h1. */
export function PageHero({ eyebrow, title, lead, actions, aside, tone = 'light', className }: PageHeroProps) {
  const dark = tone === 'dark';
  return (
    <section
      className={cn(
        'relative overflow-hidden border-b',
        dark
          ? 'border-transparent bg-header text-header-foreground'
          : 'bg-gradient-to-b from-secondary to-background',
        className,
      )}
    >
      {dark ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,oklch(0.76_0.14_62/0.22),transparent_60%)]"
        />
      ) : null}
      <div
        className={cn(
          'relative mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:px-8',
          'lg:grid-cols-[1.15fr_1fr] lg:items-center',
        )}
      >
        <div className="min-w-0">
          {eyebrow ? (
            <p
              className={cn(
                'text-sm font-semibold tracking-wider uppercase',
                dark ? 'text-accent' : 'text-primary/80',
              )}
            >
              {eyebrow}
            </p>
          ) : null}
          <h1
            className={cn(
              'mt-3 max-w-3xl text-[2rem] leading-tight font-bold tracking-tight text-balance sm:text-5xl',
              dark ? 'text-white' : 'text-foreground',
            )}
          >
            {title}
          </h1>
          {lead ? (
            <p
              className={cn(
                'mt-5 max-w-2xl text-lg',
                dark ? 'text-header-foreground/85' : 'text-muted-foreground',
              )}
            >
              {lead}
            </p>
          ) : null}
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
        </div>
        {aside ? (
          <div className="min-w-0">{aside}</div>
        ) : dark ? null : (
          <div className="hidden justify-end lg:flex">
            <RoofBlueprint />
          </div>
        )}
      </div>
    </section>
  );
}
