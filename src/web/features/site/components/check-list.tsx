import { cn } from '@web/lib/utils';
import { CircleCheck } from 'lucide-react';
import type * as React from 'react';

/** A list whose items each start with a check mark. */
export function CheckList({
  items,
  className,
  columns = 1,
}: {
  items: React.ReactNode[];
  className?: string;
  columns?: 1 | 2;
}) {
  return (
    <ul className={cn('grid gap-3', columns === 2 && 'sm:grid-cols-2', className)}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list that never reorders
        <li key={index} className="flex items-start gap-3">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
