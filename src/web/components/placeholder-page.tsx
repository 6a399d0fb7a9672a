import { useDocumentTitle } from '@web/lib/use-document-title';
import type * as React from 'react';
import { ComingSoon } from './coming-soon';
import { PageHeader } from './page-header';

interface PlaceholderPageProps {
  /** The page heading (h1), also the tab title unless `documentTitle` is given. */
  heading: string;
  documentTitle?: string;
  eyebrow?: string;
  description?: React.ReactNode;
  /** Buttons or links under the heading. */
  actions?: React.ReactNode;
  /** Anything to show below, before the coming-soon line. */
  children?: React.ReactNode;
  comingSoon?: React.ReactNode;
}

/** A page whose full content is still being built: its heading, a lead, and a coming-soon line. */
export function PlaceholderPage({
  heading,
  documentTitle,
  eyebrow,
  description,
  actions,
  children,
  comingSoon,
}: PlaceholderPageProps) {
  useDocumentTitle(documentTitle ?? heading);
  return (
    <>
      <PageHeader title={heading} eyebrow={eyebrow} description={description}>
        {actions}
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
        {children}
        <ComingSoon>{comingSoon}</ComingSoon>
      </div>
    </>
  );
}
