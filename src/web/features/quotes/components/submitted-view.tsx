import { latestReport, orderDeliveryText } from '@domain/quotes/order-status';
import { submissionMessages } from '@domain/quotes/quote-calls';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useQuoteStatus } from '../api/get-quote-status';
import type { SubmittedQuote } from '../lib/pending-quote';
import { settleSubmittedNotice } from '../lib/submission-notice';

const deliveredFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** Until the server answers, the spec's promise; then what the order's status says (delivered, expected, delayed). */
const promisedDelivery = 'Your report will be emailed within 5-10 minutes.';

/**
 * The submitted view: shown after a submission (also when coming back to /quote, maybe hours later),
 * with 'Submit Another Quote'. Its delivery sentence follows the order's status, as /thank-you does.
 */
export function SubmittedView({
  submitted,
  onAnother,
}: {
  submitted: SubmittedQuote;
  onAnother: () => void;
}) {
  const status = useQuoteStatus(submitted.projectId);
  const latestBasis = status.data ? latestReport(status.data)?.basis : undefined;
  // the notice still promising "within 5-10 minutes" tells the same truth as this view
  useEffect(() => {
    if (latestBasis) settleSubmittedNotice(submitted.projectId, latestBasis === 'preliminary');
  }, [submitted.projectId, latestBasis]);
  const delivery =
    (status.data && orderDeliveryText(status.data, (iso) => deliveredFormat.format(new Date(iso)))) ??
    promisedDelivery;
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader className="items-center text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
        <CardTitle>{submissionMessages.successTitle}</CardTitle>
        <CardDescription>
          Your Project ID is{' '}
          <span className="font-mono font-semibold text-foreground">{submitted.projectId}</span>.{' '}
          <span data-testid="submitted-delivery">{delivery}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link href={`/thank-you?${submitted.search}`}>View Submission Status</Link>
        </Button>
        <Button type="button" onClick={onAnother}>
          Submit Another Quote
        </Button>
      </CardContent>
    </Card>
  );
}
