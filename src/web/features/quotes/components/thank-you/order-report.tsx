import { type latestReport, type orderReportLines, orderTexts } from '@domain/quotes/order-status';
import { Button } from '@web/components/ui/button';
import { Download, Mail } from 'lucide-react';
import { formatDateTime } from './thank-you-parts';

/** The delivered report of an order: its download, or the note that it was mailed, and its versions (what a preliminary one means is the status line's). */
export function OrderReport({
  latest,
  lines,
}: {
  latest: NonNullable<ReturnType<typeof latestReport>>;
  lines: ReturnType<typeof orderReportLines>;
}) {
  return (
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
      {lines.length > 1 || latest.basis === 'preliminary' ? (
        <ul className="grid gap-2 text-sm" aria-label="Report versions" data-testid="report-versions">
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
  );
}
