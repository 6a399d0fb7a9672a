import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type * as React from 'react';

/** One wizard step: its heading (h2), what it is for, and its form. */
export function StepCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle tabIndex={-1} className="outline-none">
          {title}
        </CardTitle>
        {description ? <CardDescription className="text-base">{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
