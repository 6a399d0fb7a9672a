import type { StepState } from '@domain/quotes/order-status';
import {
  DELIVERY_OFFSET_MS,
  generatedQuoteId,
  type parseThankYouParams,
  paymentLine,
  submissionTypeText,
  thankYouSteps,
  thankYouTexts,
} from '@domain/quotes/thank-you';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useSimulatedProgress } from '../../hooks/use-simulated-progress';
import {
  dateTimeFormat,
  Fact,
  FooterLinks,
  PaymentNotice,
  Steps,
  SupportCards,
  timeFormat,
} from './thank-you-parts';

/** /thank-you without a project_id: the spec's page for its query parameters. */
export function SpecView({ params }: { params: ReturnType<typeof parseThankYouParams> }) {
  const [projectId] = useState(() => generatedQuoteId());
  const [openedAt] = useState(() => new Date());
  const { progress, step } = useSimulatedProgress();
  const expected = new Date(openedAt.getTime() + DELIVERY_OFFSET_MS);
  const payment = paymentLine(params);
  const states = thankYouSteps.map(
    (_, index): StepState => (index + 1 < step ? 'done' : index + 1 === step ? 'current' : 'todo'),
  );

  return (
    <>
      <PageHeader
        title={thankYouTexts.heading}
        eyebrow="Submission received"
        description={`Your Fair Market Value report is on its way: it usually arrives by email within ${thankYouTexts.totalDelivery}.`}
      />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
        <Card>
          <CardHeader className="gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <CardTitle className="flex items-center gap-2">
                <CheckCircle2 aria-hidden="true" className="size-6 text-success" /> Quote request submitted
              </CardTitle>
              <Badge variant="warning" className="gap-1.5 text-sm">
                <Loader2 aria-hidden="true" className="animate-spin" />
                Status: {thankYouTexts.status}
              </Badge>
            </div>
            <CardDescription>{thankYouTexts.within24Hours}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Fact label="Project ID">
                <span className="font-mono text-lg font-semibold" data-testid="project-id">
                  {projectId}
                </span>
              </Fact>
              <Fact label="Submitted">
                <time dateTime={openedAt.toISOString()}>{dateTimeFormat.format(openedAt)}</time>
              </Fact>
              <Fact label="Submission type">
                <span className="font-medium">{submissionTypeText(params)}</span>
              </Fact>
              <Fact label="Expected delivery">
                by <time dateTime={expected.toISOString()}>{timeFormat.format(expected)}</time>
              </Fact>
            </dl>

            <PaymentNotice
              payment={
                payment === 'none'
                  ? { kind: 'none' }
                  : payment === 'paid' && params.amount
                    ? { kind: 'paid', amount: params.amount }
                    : null
              }
            />

            <div className="grid gap-2">
              <div className="flex items-center justify-between text-sm">
                <span className="font-medium">Report progress</span>
                <span className="text-muted-foreground">{progress}%</span>
              </div>
              <div
                role="progressbar"
                aria-label="Report progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-3 w-full overflow-hidden rounded-full bg-secondary"
              >
                <div
                  className="h-full bg-primary transition-all duration-700"
                  style={{ width: `${progress}%` }}
                />
              </div>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="text-lg">What happens next</CardTitle>
            <CardDescription>
              Total delivery time is {thankYouTexts.totalDelivery}; report generation takes{' '}
              {thankYouTexts.generation}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Steps states={states} texts={thankYouSteps.map((s) => s.text)} />
          </CardContent>
        </Card>

        <SupportCards />
        <FooterLinks />
      </div>
    </>
  );
}
