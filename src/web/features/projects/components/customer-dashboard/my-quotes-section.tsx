import type { PublicUser } from '@domain/auth/schemas';
import { convertQuoteNotices } from '@domain/projects/convert-quote-notices';
import { type MyQuote, myQuotesTexts } from '@domain/quotes/my-quotes';
import { latestReport, orderBadge, orderReportLines, reportBasisTexts } from '@domain/quotes/order-status';
import { reportStatusTexts } from '@domain/quotes/thank-you';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { quoteKeys, useMyQuotes } from '@web/features/quotes';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { ArrowRight, Download, FilePlus2, MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { useCreateProjectFromQuote } from '../../api/create-project-from-quote';
import { projectKeys } from '../../api/project-keys';
import { formatDay } from '../project-detail/format';

/**
 * My quotes and reports: every quote ordered with the signed-in person's confirmed e-mail, its
 * report status in the /thank-you page's words, a download for every mailed version, and
 * 'Turn into a project' for a submitted quote that has none.
 */
export function MyQuotesSection({
  user,
  onOpenProject,
}: {
  user: PublicUser;
  onOpenProject: (projectId: string) => void;
}) {
  const titleId = useId();
  const quotes = useMyQuotes(true);
  const queryClient = useQueryClient();
  const convert = useCreateProjectFromQuote();

  const turnIntoProject = (quote: MyQuote) =>
    convert.mutate(
      { email: user.email, quoteId: quote.reference },
      {
        onSuccess: (result) => {
          toast(
            result.created
              ? { title: convertQuoteNotices.successTitle, description: convertQuoteNotices.success }
              : { title: convertQuoteNotices.existsTitle, description: result.message },
          );
          void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
          void queryClient.invalidateQueries({ queryKey: quoteKeys.mine() });
          onOpenProject(result.projectId);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error) ?? convertQuoteNotices.failureFallback,
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card role="region" aria-labelledby={titleId} data-testid="my-quotes">
      <CardHeader>
        <CardTitle id={titleId} className="text-lg">
          {myQuotesTexts.title}
        </CardTitle>
        <CardDescription>{myQuotesTexts.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {quotes.isPending ? (
          <Spinner label="Loading your quotes..." />
        ) : quotes.isError ? (
          <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
            <span>{myQuotesTexts.loadError}</span>
            <Button variant="outline" size="sm" onClick={() => void quotes.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : quotes.data.reason ? (
          <p className="text-sm text-muted-foreground" data-testid="my-quotes-reason">
            {quotes.data.reason}
          </p>
        ) : quotes.data.quotes.length === 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">{myQuotesTexts.empty}</p>
            <Button asChild variant="accent" size="sm">
              <Link href="/quote">{myQuotesTexts.orderQuote}</Link>
            </Button>
          </div>
        ) : (
          <ul className="grid gap-3 xl:grid-cols-2">
            {quotes.data.quotes.map((quote) => (
              <QuoteItem
                key={quote.id}
                quote={quote}
                converting={convert.isPending && convert.variables?.quoteId === quote.reference}
                busy={convert.isPending}
                onConvert={() => turnIntoProject(quote)}
                onOpenProject={onOpenProject}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function QuoteItem({
  quote,
  converting,
  busy,
  onConvert,
  onOpenProject,
}: {
  quote: MyQuote;
  converting: boolean;
  busy: boolean;
  onConvert: () => void;
  onOpenProject: (projectId: string) => void;
}) {
  const badge = orderBadge(quote);
  const latest = latestReport(quote);
  const older = orderReportLines(quote).filter((line) => line.version !== latest?.version);
  // with a report in hand, what it was priced from says more than 'Report ready' beside 'Ready'
  const statusLine = latest
    ? `Version ${latest.version} \u00b7 ${reportBasisTexts[latest.basis]}`
    : reportStatusTexts[quote.reportStatus].label;
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="my-quote" data-reference={quote.reference}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <span className="font-mono font-semibold">{quote.reference}</span>
          <span className="flex items-start gap-1.5 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            {quote.address}
          </span>
          <span className="text-sm text-muted-foreground">Ordered {formatDay(quote.orderedAt, '')}</span>
        </div>
        <div className="grid justify-items-start gap-1 sm:justify-items-end">
          <Badge variant={badge.tone} data-testid="my-quote-status">
            Status: {badge.text}
          </Badge>
          <span className="text-xs text-muted-foreground">{statusLine}</span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {latest?.downloadUrl ? (
          <Button asChild size="sm">
            <a href={latest.downloadUrl} download>
              <Download aria-hidden="true" /> {myQuotesTexts.download}
            </a>
          </Button>
        ) : null}
        {older.map((line) =>
          line.downloadUrl ? (
            <Button key={line.version} asChild size="sm" variant="ghost">
              <a href={line.downloadUrl} download>
                <Download aria-hidden="true" /> {myQuotesTexts.downloadVersion(line.version)}
                <span className="sr-only"> ({line.basis})</span>
              </a>
            </Button>
          ) : null,
        )}
        {quote.projectId ? (
          <Button size="sm" variant="outline" onClick={() => onOpenProject(quote.projectId as string)}>
            {myQuotesTexts.openProject} <ArrowRight aria-hidden="true" />
          </Button>
        ) : quote.canConvert ? (
          <Button size="sm" variant="outline" onClick={onConvert} disabled={busy}>
            <FilePlus2 aria-hidden="true" />
            {converting ? myQuotesTexts.converting : myQuotesTexts.convert}
          </Button>
        ) : quote.hasProject ? (
          <span className="text-sm text-muted-foreground">{myQuotesTexts.projectElsewhere}</span>
        ) : null}
      </div>
    </li>
  );
}
