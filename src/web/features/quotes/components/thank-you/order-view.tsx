/** /thank-you?project_id=...: the order as the server knows it. */
import {
  isOrderReady,
  latestReport,
  orderBadge,
  orderDeliveryText,
  orderPayment,
  orderReportLines,
  orderStatusText,
  orderSteps,
  orderSubmissionTypeText,
  orderTexts,
} from '@domain/quotes/order-status';
import type { QuoteStatusResponse } from '@domain/quotes/quote-calls';
import { isQuoteReference, orderStepTexts, thankYouTexts } from '@domain/quotes/thank-you';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { CheckCircle2, Loader2, SearchX, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { isNotFound, useQuoteStatus } from '../../api/get-quote-status';
import { settleSubmittedNotice } from '../../lib/submission-notice';
import { OrderReport } from './order-report';
import { Fact, FooterLinks, formatDateTime, PaymentNotice, Steps, SupportCards } from './thank-you-parts';

export function OrderView({ reference }: { reference: string }) {
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
  // one truth: the status line follows the order's report status and the report in hand
  const statusText = orderStatusText(order.reportStatus, latest?.basis ?? null);
  const latestBasis = latest?.basis;
  useEffect(() => {
    if (latestBasis) settleSubmittedNotice(order.reference, latestBasis === 'preliminary');
  }, [order.reference, latestBasis]);

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
              <span className="text-muted-foreground">
                {failed && !latest ? orderTexts.failed : statusText.detail}
              </span>
            </p>

            {latest ? <OrderReport latest={latest} lines={lines} /> : null}
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
