import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { Hammer } from 'lucide-react';
import type * as React from 'react';

/** A calm placeholder for a part of the product that is still being built. */
export function ComingSoon({
  children = 'This page is coming soon.',
  className,
}: {
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('flex items-start gap-3 border-dashed p-5 text-muted-foreground', className)}>
      <Hammer aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
      <p>{children}</p>
    </Card>
  );
}
