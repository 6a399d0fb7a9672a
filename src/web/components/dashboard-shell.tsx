import { cn } from '@web/lib/utils';
import type * as React from 'react';

/** The top of a dashboard: title, subtitle and optional actions on the right. */
export function DashboardShell({
  title,
  subtitle,
  actions,
  children,
  className,
}: {
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8', className)}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-muted-foreground">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A full-width centred message (loading, sign-in needed, access denied). */
export function CenteredMessage({
  title,
  children,
}: {
  title?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      {title ? <h1 className="text-2xl font-bold tracking-tight">{title}</h1> : null}
      {children}
    </section>
  );
}
