import { LandingPage } from '@web/features/site/pages/landing-page';
import { lazy } from 'react';

// The form (react-hook-form and zod) loads only when the landing page scrolls near it.
const ConvertQuoteForm = lazy(async () => ({
  default: (await import('@web/features/projects/components/convert-quote-form')).ConvertQuoteForm,
}));

/**
 * Features meet in the app, not inside each other: the landing page (marketing) shows the
 * projects feature's "turn a quote into a project" form.
 */
export function LandingRoute() {
  return <LandingPage convertQuoteForm={<ConvertQuoteForm />} />;
}
