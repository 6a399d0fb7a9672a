import type { StepState } from '@domain/quotes/order-status';
import { thankYouSteps, thankYouTexts } from '@domain/quotes/thank-you';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { CheckCircle2, Circle, Clock, CreditCard, Gift, Mail, MessageCircle, XCircle } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';

export const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
export const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function PaymentNotice({
  payment,
}: {
  payment: { kind: 'none' } | { kind: 'paid'; amount: string } | null;
}) {
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

export function Steps({ states, texts }: { states: readonly StepState[]; texts: readonly string[] }) {
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

export function SupportCards() {
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

export function FooterLinks() {
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
