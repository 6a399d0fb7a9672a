import { type ComponentProps, lazy, Suspense } from 'react';
import type { ProjectPaymentsPanel as Panel } from './project-payments-panel';
import type { ReceiptLinks as Links } from './receipt-links';

/**
 * The project page's payments, loaded with it and not with the quote page, which shares this
 * feature's card form (a barrel export would put the panel and its dialogs in /quote's bundle).
 */
const PanelImpl = lazy(() =>
  import('./project-payments-panel').then((m) => ({ default: m.ProjectPaymentsPanel })),
);
const LinksImpl = lazy(() => import('./receipt-links').then((m) => ({ default: m.ReceiptLinks })));

export function ProjectPaymentsPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={null}>
      <PanelImpl {...props} />
    </Suspense>
  );
}

export function ReceiptLinks(props: ComponentProps<typeof Links>) {
  return (
    <Suspense fallback={null}>
      <LinksImpl {...props} />
    </Suspense>
  );
}
