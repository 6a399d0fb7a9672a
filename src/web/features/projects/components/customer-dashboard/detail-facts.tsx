import type { Project } from '@domain/projects/schemas';
import type * as React from 'react';
import { cityLine } from '../project-detail/format';

/**
 * What the dashboard's project detail and its tabs share: a fact of a definition list, the text
 * for a missing value and the one-line address.
 */

export const NOT_SPECIFIED = 'Not specified';

/** One label and value of a definition list. */
export function Fact({
  label,
  children,
  wide,
}: {
  label: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium [overflow-wrap:anywhere] whitespace-pre-line">{children}</dd>
    </div>
  );
}

export function fullAddress(p: Project): string {
  return [p.address, cityLine(p.city, p.state, p.zipCode)].filter(Boolean).join(', ');
}
