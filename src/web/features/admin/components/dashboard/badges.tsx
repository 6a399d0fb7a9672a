import { type BadgeTone, statusText, statusTone } from '@domain/projects/status-badges';
import { cn } from '@web/lib/utils';
import type * as React from 'react';

const toneClasses: Record<BadgeTone, string> = {
  yellow: 'bg-amber-100 text-amber-900',
  primary: 'bg-primary text-primary-foreground',
  purple: 'bg-purple-100 text-purple-900',
  green: 'bg-emerald-100 text-emerald-900',
  red: 'bg-red-100 text-red-900',
  gray: 'bg-muted text-muted-foreground',
};

export function Pill({ tone, children }: { tone: BadgeTone; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap capitalize',
        toneClasses[tone],
      )}
    >
      {children}
    </span>
  );
}

export function StatusPill({ status }: { status: string }) {
  return <Pill tone={statusTone(status)}>{statusText(status)}</Pill>;
}

const verificationTones: Record<string, BadgeTone> = {
  verified: 'green',
  pending: 'yellow',
  pending_verification: 'yellow',
  rejected: 'red',
};

export function VerificationPill({ status }: { status: string }) {
  return (
    <Pill tone={verificationTones[status] ?? 'gray'}>
      {status === 'pending_verification' ? 'pending' : status}
    </Pill>
  );
}

/** A small labelled figure of a panel's summary row. */
export function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export function Figures({ children }: { children: React.ReactNode }) {
  return <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">{children}</dl>;
}

export function formatDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
}

/** An empty list's sentence. */
export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{children}</p>;
}

/** How long a row has waited: "today", "1 day", "5 days". */
export function daysText(days: number): string {
  if (days <= 0) return 'today';
  return days === 1 ? '1 day' : `${days.toLocaleString('en-US')} days`;
}
