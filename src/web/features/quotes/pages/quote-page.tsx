import { PageHeader } from '@web/components/page-header';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { lazy, Suspense } from 'react';
import { FormProvider } from 'react-hook-form';
import { HomeownerSection } from '../components/sections/homeowner-section';
import { InsuranceSection } from '../components/sections/insurance-section';
import { MeasurementSection } from '../components/sections/measurement-section';
import { OrderSection } from '../components/sections/order-section';
import { PropertySection } from '../components/sections/property-section';
import { RequesterSection } from '../components/sections/requester-section';
import { RoofSection } from '../components/sections/roof-section';
import { StickyOrderBar } from '../components/sticky-order-bar';
import { useQuoteCheckout } from '../hooks/use-quote-checkout';
import { useQuoteDraft } from '../hooks/use-quote-draft';

// shown only after a submission: its order-status code loads then, not with the form
const SubmittedView = lazy(async () => ({
  default: (await import('../components/submitted-view')).SubmittedView,
}));

/** /quote: the order form (useQuoteDraft), the order and payment (useQuoteCheckout). */
export function QuotePage() {
  useDocumentTitle('Get Your Roofing Quote');
  const draft = useQuoteDraft();
  const checkout = useQuoteCheckout(draft);

  const anotherQuote = () => {
    draft.startOver();
    checkout.reset();
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader
        title="Get Your Roofing Quote"
        eyebrow="Fair Market Value estimate"
        description="An AI-assisted Fair Market Value report for your roof, emailed as a PDF within 5-10 minutes. No account needed."
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        {draft.submitted ? (
          <Suspense fallback={<p className="text-center text-muted-foreground">Loading...</p>}>
            <SubmittedView submitted={draft.submitted} onAnother={anotherQuote} />
          </Suspense>
        ) : (
          <div className="grid gap-8 pb-20 lg:grid-cols-[minmax(0,1fr)_380px] lg:pb-0">
            <FormProvider {...draft.form}>
              <form
                noValidate
                aria-label="Quote request"
                onSubmit={(e) => {
                  e.preventDefault();
                  checkout.submit();
                }}
                className="grid content-start gap-6"
              >
                <fieldset disabled={checkout.busy} className="grid gap-6">
                  <RequesterSection />
                  <InsuranceSection />
                  <HomeownerSection />
                  <PropertySection />
                  <RoofSection />
                  <MeasurementSection draft={draft} disabled={checkout.busy} />
                </fieldset>
              </form>
            </FormProvider>
            <OrderSection checkout={checkout} />
            <StickyOrderBar
              totalCents={checkout.totalCents}
              free={checkout.free}
              paymentCardRef={checkout.paymentCardRef}
            />
          </div>
        )}
      </div>
    </>
  );
}
