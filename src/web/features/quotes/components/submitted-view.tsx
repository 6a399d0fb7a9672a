import { submissionMessages } from '@domain/quotes/quote-calls';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import type { SubmittedQuote } from '../lib/pending-quote';

/** The submitted view: shown after a submission (also when coming back to /quote), with 'Submit Another Quote'. */
export function SubmittedView({
  submitted,
  onAnother,
}: {
  submitted: SubmittedQuote;
  onAnother: () => void;
}) {
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader className="items-center text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
        <CardTitle>{submissionMessages.successTitle}</CardTitle>
        <CardDescription>
          Your Project ID is{' '}
          <span className="font-mono font-semibold text-foreground">{submitted.projectId}</span>. Your report
          will be emailed within 5-10 minutes.
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
