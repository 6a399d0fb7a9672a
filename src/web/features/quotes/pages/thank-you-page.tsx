import { parseThankYouParams } from '@domain/quotes/thank-you';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { OrderView } from '../components/thank-you/order-view';
import { SpecView } from '../components/thank-you/spec-view';

/**
 * /thank-you. With a `project_id` the page shows that order as the server knows it (OrderView);
 * without one it keeps the spec's texts for its query parameters (SpecView).
 */
export function ThankYouPage() {
  useDocumentTitle('Thank You');
  const search = useSearch();
  const params = useMemo(() => parseThankYouParams(search), [search]);
  return params.projectId === null ? (
    <SpecView params={params} />
  ) : (
    <OrderView reference={params.projectId.toUpperCase()} />
  );
}
