import type { QuoteStatusResponse } from '@domain/quotes/quote-calls';
import {
  DELIVERY_OFFSET_MS,
  generatedQuoteId,
  isOrderReady,
  isQuoteReference,
  latestReport,
  nextProgress,
  nextStep,
  orderBadge,
  orderDeliveryText,
  orderPayment,
  orderReportLines,
  orderSteps,
  orderStepTexts,
  orderSubmissionTypeText,
  orderTexts,
  PROGRESS_START,
  PROGRESS_TICK_MS,
  parseThankYouParams,
  paymentLine,
  reportStatusTexts,
  STEP_TICK_MS,
  type StepState,
  submissionTypeText,
  thankYouSteps,
  thankYouTexts,
} from '@domain/quotes/thank-you';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { cn } from '@web/lib/utils';
import {
  CheckCircle2,
  Circle,
  Clock,
  CreditCard,
  Download,
  Gift,
  Loader2,
  Mail,
  MessageCircle,
  SearchX,
  XCircle,
} from 'lucide-react';
import type * as React from 'react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { isNotFound, useQuoteStatus } from '../api/get-quote-status';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

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

// ------------------------------------------------------------------ a real order

function OrderView({ reference }: { reference: string }) {
  const valid = isQuoteReference(reference);
  const status = useQuoteStatus(valid ? reference : null);

  if (!valid || isNotFound(status.error)) return <OrderNotFound reference={reference} />;
  if (!status.data) {
    return (
      <>
        <PageHeader title={thankYouTexts.heading} eyebrow="Submission received" />
        <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
          {status.isError ? (
            <p role="alert" className="rounded-lg border p-4 text-sm">
              {orderTexts.unavailable}
            </p>
          ) : (
            <div className="flex justify-center py-10">
              <Spinner label={orderTexts.checking} />
            </div>
          )}
        </div>
      </>
    );
  }
  return <OrderDetails order={status.data} />;
}

function OrderNotFound({ reference }: { reference: string }) {
  return (
    <>
      <PageHeader title={orderTexts.notFoundTitle} eyebrow="Project ID" />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <SearchX aria-hidden="true" className="size-6 text-destructive" /> {orderTexts.notFoundTitle}
            </CardTitle>
            <CardDescription data-testid="order-not-found">{orderTexts.notFound(reference)}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild>
              <Link href="/contact">Contact Us</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/quote">Order a Quote</Link>
            </Button>
          </CardContent>
        </Card>
        <FooterLinks />
      </div>
    </>
  );
}

function OrderDetails({ order }: { order: QuoteStatusResponse }) {
  const ready = isOrderReady(order);
  const failed = order.reportStatus === 'failed';
  const badge = orderBadge(order);
  const submissionType = orderSubmissionTypeText(order);
  const payment = orderPayment(order);
  const delivery = orderDeliveryText(order, formatDateTime);
  const latest = latestReport(order);
  const lines = orderReportLines(order);
  const statusText = reportStatusTexts[order.reportStatus];

  return (
    <>
      <PageHeader
        title={thankYouTexts.heading}
        eyebrow="Submission received"
        description={delivery ?? undefined}
      />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
        <Card>
          <CardHeader className="gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <CardTitle className="flex items-center gap-2">
                <CheckCircle2 aria-hidden="true" className="size-6 text-success" /> Quote request submitted
              </CardTitle>
              <Badge variant={badge.tone} className="gap-1.5 text-sm" data-testid="order-badge">
                {ready ? (
                  <CheckCircle2 aria-hidden="true" className="size-4" />
                ) : failed ? (
                  <XCircle aria-hidden="true" className="size-4" />
                ) : (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                )}
                Status: {badge.text}
              </Badge>
            </div>
          </CardHeader>
          <CardContent className="grid gap-6">
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Fact label="Project ID">
                <span className="font-mono text-lg font-semibold" data-testid="project-id">
                  {order.reference}
                </span>
              </Fact>
              <Fact label="Submitted">
                <span data-testid="submitted-at">
                  {order.submittedAt ? (
                    <time dateTime={order.submittedAt}>{formatDateTime(order.submittedAt)}</time>
                  ) : (
                    orderTexts.notSubmitted
                  )}
                </span>
              </Fact>
              <Fact label="Submission type">
                <span className="font-medium" data-testid="submission-type">
                  {submissionType ?? orderTexts.notSubmitted}
                </span>
              </Fact>
              <Fact label={latest ? 'Delivered' : 'Expected delivery'}>
                <span data-testid="expected-by">
                  {latest ? (
                    <time dateTime={latest.createdAt}>{formatDateTime(latest.createdAt)}</time>
                  ) : order.expectedBy && !failed ? (
                    <>
                      by <time dateTime={order.expectedBy}>{formatDateTime(order.expectedBy)}</time>
                    </>
                  ) : (
                    '\u2014'
                  )}
                </span>
              </Fact>
            </dl>

            <PaymentNotice payment={payment} />

            <p className="text-sm" aria-live="polite" data-testid="report-status">
              <span className="font-semibold">{statusText.label}.</span>{' '}
              <span className="text-muted-foreground">{failed ? orderTexts.failed : statusText.detail}</span>
            </p>

            {latest ? (
              <section
                aria-labelledby="reports-title"
                className="grid gap-3 rounded-lg border border-success/40 bg-success/5 p-4"
              >
                <h2 id="reports-title" className="text-base font-semibold">
                  Your report
                </h2>
                {latest.downloadUrl ? (
                  <div>
                    <Button asChild size="lg">
                      <a href={latest.downloadUrl} download>
                        <Download aria-hidden="true" /> Download report
                      </a>
                    </Button>
                  </div>
                ) : (
                  <p className="flex items-center gap-2 text-sm" data-testid="report-mailed">
                    <Mail aria-hidden="true" className="size-4" /> {orderTexts.mailed}
                  </p>
                )}
                {latest.basis === 'preliminary' ? (
                  <p className="text-sm text-muted-foreground">{orderTexts.measuredFollows}</p>
                ) : null}
                {lines.length > 1 || latest.basis === 'preliminary' ? (
                  <ul
                    className="grid gap-2 text-sm"
                    aria-label="Report versions"
                    data-testid="report-versions"
                  >
                    {lines.map((line) => (
                      <li key={line.version} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <span className="font-medium">Version {line.version}</span>
                        <span>{line.basis}</span>
                        <time dateTime={line.createdAt} className="text-muted-foreground">
                          {formatDateTime(line.createdAt)}
                        </time>
                        {line.downloadUrl && line.version !== latest.version ? (
                          <a
                            href={line.downloadUrl}
                            download
                            className="text-primary underline-offset-4 hover:underline"
                          >
                            Download version {line.version}
                          </a>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="text-lg">What happens next</CardTitle>
          </CardHeader>
          <CardContent>
            <Steps states={orderSteps(order)} texts={orderStepTexts} />
          </CardContent>
        </Card>

        <SupportCards />
        <FooterLinks />
      </div>
    </>
  );
}

// ------------------------------------------------------------------ no project_id: the spec's page

function SpecView({ params }: { params: ReturnType<typeof parseThankYouParams> }) {
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

// ------------------------------------------------------------------ shared parts

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PaymentNotice({ payment }: { payment: { kind: 'none' } | { kind: 'paid'; amount: string } | null }) {
  if (payment === null) return null;
  if (payment.kind === 'none') {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-success/40 bg-success/5 p-3 text-sm font-medium">
        <Gift aria-hidden="true" className="size-4 text-success" /> {thankYouTexts.noPayment}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 rounded-lg border border-success/40 bg-success/5 p-3 text-sm">
      <CreditCard aria-hidden="true" className="size-4 text-success" />
      <span className="font-medium">{thankYouTexts.paymentConfirmed}</span>
      <span data-testid="amount-paid">{payment.amount}</span>
    </p>
  );
}

function Steps({ states, texts }: { states: readonly StepState[]; texts: readonly string[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Steps">
      {thankYouSteps.map((s, index) => {
        const state = states[index] ?? 'todo';
        return (
          <li
            key={s.title}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
            className={cn(
              'grid gap-2 rounded-lg border p-4',
              state === 'current' && 'border-primary bg-primary/5',
              state === 'failed' && 'border-destructive bg-destructive/5',
            )}
          >
            <span className="flex items-center gap-2 text-sm font-semibold">
              {state === 'done' ? (
                <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
              ) : state === 'current' ? (
                <Clock aria-hidden="true" className="size-5 text-primary" />
              ) : state === 'failed' ? (
                <XCircle aria-hidden="true" className="size-5 text-destructive" />
              ) : (
                <Circle aria-hidden="true" className="size-5 text-muted-foreground" />
              )}
              Step {index + 1}: {s.title}
            </span>
            <span className="text-sm text-muted-foreground">{texts[index]}</span>
          </li>
        );
      })}
    </ol>
  );
}

function SupportCards() {
  return (
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
  );
}

function FooterLinks() {
  return (
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
  );
}
