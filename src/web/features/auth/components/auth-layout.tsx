import { BrandMark } from '@web/components/brand-mark';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@web/components/ui/card';
import type * as React from 'react';

/** The centred card the sign-in, registration and confirmation pages share. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-secondary to-background px-4 py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-md">
        <CardHeader className="items-center gap-3 text-center">
          <BrandMark className="size-10" />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <CardDescription className="text-base">{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? <CardFooter className="justify-center border-t pt-6 text-sm">{footer}</CardFooter> : null}
      </Card>
    </section>
  );
}
