import type * as React from 'react';
import type { Choice, FilterSpec } from './paged-panel';

/** What the panels share: figures' number format, the filters' "all" choice, the age filter, a row. */

export const count = (n: number) => n.toLocaleString('en-US');
export const all = (label: string): Choice => ({ value: '', label });
export const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const ageFilter: FilterSpec = {
  name: 'minAgeDays',
  label: 'Age',
  options: [
    all('Any age'),
    { value: '7', label: '7 days or more' },
    { value: '30', label: '30 days or more' },
    { value: '90', label: '90 days or more' },
  ],
};
export function Row({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-3 text-sm [overflow-wrap:anywhere] sm:flex-row sm:items-center sm:justify-between">
      {children}
    </li>
  );
}
