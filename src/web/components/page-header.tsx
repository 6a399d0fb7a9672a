import { cn } from '@web/lib/utils';
import type * as React from 'react';

interface PageHeaderProps {
  title: React.ReactNode;
  eyebrow?: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}

/** The band at the top of a page: an optional eyebrow, the page's one h1, a lead paragraph, actions. */
export function PageHeader({ title, eyebrow, description, children, className }: PageHeaderProps) {
  return (
    <section className={cn('border-b bg-gradient-to-b from-secondary to-background', className)}>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wider text-primary/80 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
          {title}
        </h1>
        {description ? <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{description}</p> : null}
        {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
