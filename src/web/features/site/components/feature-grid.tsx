import { cn } from '@web/lib/utils';
import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';

export interface Feature {
  title: string;
  text: React.ReactNode;
  icon: LucideIcon;
}

/** Icon, title and a sentence or two, in a responsive grid of cards. */
export function FeatureGrid({
  features,
  columns = 3,
  headingLevel = 'h3',
}: {
  features: Feature[];
  columns?: 2 | 3 | 4;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <ul
      className={cn(
        'grid gap-5 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {features.map(({ title, text, icon: Icon }) => (
        <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
          <span className="inline-flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <Heading className="mt-4 text-lg font-semibold">{title}</Heading>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
