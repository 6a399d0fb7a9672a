import {
  DELIVERY_OFFSET_MS,
  generatedQuoteId,
  isQuoteReference,
  nextProgress,
  nextStep,
  PROGRESS_START,
  PROGRESS_TICK_MS,
  parseThankYouParams,
  paymentLine,
  reportStatusTexts,
  STEP_TICK_MS,
  submissionTypeText,
  thankYouSteps,
  thankYouTexts,
} from '@domain/quotes/thank-you';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { cn } from '@web/lib/utils';
import { CheckCircle2, Circle, Clock, CreditCard, Gift, Loader2, Mail, MessageCircle } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useQuoteStatus } from '../api/get-quote-status';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The cosmetic progress of spec 1, section 9: 25, +5..20 every 3 s up to 90; a step every 45 s up to 3. */
function useSimulatedProgress() {
  const [progress, setProgress] = useState(PROGRESS_START);
  const [step, setStep] = useState(1);
  useEffect(() => {
    const progressTimer = window.setInterval(
      () => setProgress((p) => nextProgress(p, Math.random())),
      PROGRESS_TICK_MS,
    );
    const stepTimer = window.setInterval(() => setStep((s) => nextStep(s)), STEP_TICK_MS);
    return () => {
      window.clearInterval(progressTimer);
      window.clearInterval(stepTimer);
    };
  }, []);
  return { progress, step };
}

export function ThankYouPage() {
  useDocumentTitle('Thank You');
  const search = useSearch();
  const params = useMemo(() => parseThankYouParams(search), [search]);
  const [fallbackId] = useState(() => generatedQuoteId());
  const [openedAt] = useState(() => new Date());
  const projectId = params.projectId ?? fallbackId;
  const reference = isQuoteReference(params.projectId) ? params.projectId : null;
  const status = useQuoteStatus(reference);
  const simulated = useSimulatedProgress();

  const report = status.data?.reportStatus;
  const ready = report === 'ready';
  const failed = report === 'failed';
  const progress = ready ? 100 : simulated.progress;
  const step = ready ? 4 : simulated.step;
  const submittedAt = status.data?.submittedAt ? new Date(status.data.submittedAt) : openedAt;
  const expected = new Date(openedAt.getTime() + DELIVERY_OFFSET_MS);
  const payment = paymentLine(params);

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
                <Loader2 aria-hidden="true" className={cn('animate-spin', (ready || failed) && 'hidden')} />
                Status: {thankYouTexts.status}
              </Badge>
            </div>
            <CardDescription>{thankYouTexts.within24Hours}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <div className="grid gap-1">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Project ID
                </dt>
                <dd className="font-mono text-lg font-semibold" data-testid="project-id">
                  {projectId}
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Submitted
                </dt>
                <dd>
                  <time dateTime={submittedAt.toISOString()}>{dateTimeFormat.format(submittedAt)}</time>
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Submission type
                </dt>
                <dd className="font-medium">{submissionTypeText(params)}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Expected delivery
                </dt>
                <dd>
                  by <time dateTime={expected.toISOString()}>{timeFormat.format(expected)}</time>
                </dd>
              </div>
            </dl>

            {payment === 'none' ? (
              <p className="flex items-center gap-2 rounded-lg border border-success/40 bg-success/5 p-3 text-sm font-medium">
                <Gift aria-hidden="true" className="size-4 text-success" /> {thankYouTexts.noPayment}
              </p>
            ) : payment === 'paid' ? (
              <p className="flex items-center gap-2 rounded-lg border border-success/40 bg-success/5 p-3 text-sm">
                <CreditCard aria-hidden="true" className="size-4 text-success" />
                <span className="font-medium">{thankYouTexts.paymentConfirmed}</span>
                <span data-testid="amount-paid">{params.amount}</span>
              </p>
            ) : null}

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
              {report ? (
                <p className="text-sm" aria-live="polite" data-testid="report-status">
                  <span className="font-semibold">{reportStatusTexts[report].label}.</span>{' '}
                  <span className="text-muted-foreground">{reportStatusTexts[report].detail}</span>
                </p>
              ) : null}
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
            <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {thankYouSteps.map((s, index) => {
                const number = index + 1;
                const done = number < step || (ready && number <= 4);
                const current = !done && number === step;
                return (
                  <li
                    key={s.title}
                    aria-current={current ? 'step' : undefined}
                    className={cn(
                      'grid gap-2 rounded-lg border p-4',
                      current && 'border-primary bg-primary/5',
                    )}
                  >
                    <span className="flex items-center gap-2 text-sm font-semibold">
                      {done ? (
                        <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
                      ) : current ? (
                        <Clock aria-hidden="true" className="size-5 text-primary" />
                      ) : (
                        <Circle aria-hidden="true" className="size-5 text-muted-foreground" />
                      )}
                      Step {number}: {s.title}
                    </span>
                    <span className="text-sm text-muted-foreground">{s.text}</span>
                  </li>
                );
              })}
            </ol>
          </CardContent>
        </Card>

        <div className="grid gap-6 sm:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-lg">
                <Mail aria-hidden="true" className="size-5" /> Email Support
              </CardTitle>
              <CardDescription>Questions about your report? We reply within 24 hours.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link href="/contact">Email Us</Link>
              </Button>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-lg">
                <MessageCircle aria-hidden="true" className="size-5" /> Live Chat Support
              </CardTitle>
              <CardDescription>We reply within 5-10 minutes during business hours.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link href="/contact">Start a Chat</Link>
              </Button>
            </CardContent>
          </Card>
        </div>

        <nav aria-label="Legal and support" className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          <Link href="/privacy" className="text-muted-foreground underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
          <Link href="/terms" className="text-muted-foreground underline-offset-4 hover:underline">
            Terms of Service
          </Link>
          <Link href="/contact" className="text-muted-foreground underline-offset-4 hover:underline">
            Contact Us
          </Link>
        </nav>
      </div>
    </>
  );
}
