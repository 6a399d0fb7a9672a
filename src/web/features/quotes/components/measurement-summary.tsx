// Relative imports only: the unit tests render this component without the bundler's aliases.
import { AlertTriangle, Ruler } from 'lucide-react';
import { formatNumber } from '../../../../domain/en-us-format';
import type { MeasurementSummary } from '../../../../domain/quotes/quote-calls';

/** "6/12", "6.5/12"; "Flat" under 1/12. */
export function formatPitch(rise: number): string {
  if (!Number.isFinite(rise) || rise < 0.5) return 'Flat';
  const rounded = Math.round(rise * 2) / 2;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}/12`;
}

/** The rows of the summary, as label and text (exported for the tests and the screen reader order). */
export function measurementRows(m: MeasurementSummary): Array<{ label: string; value: string }> {
  const rows = [
    { label: 'Roof area', value: `${formatNumber(m.totalAreaSqFt, { maximumFractionDigits: 0 })} sq ft` },
    {
      label: 'Squares',
      value: formatNumber(m.squares, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    },
    { label: 'Predominant pitch', value: formatPitch(m.predominantPitch) },
    { label: 'Roof facets', value: m.facetCount === null ? 'Not stated in the file' : String(m.facetCount) },
  ];
  if (m.address) rows.push({ label: 'Address in the file', value: m.address });
  return rows;
}

/** What was read from the uploaded measurement file, so the customer can tell it is the right roof. */
export function MeasurementSummaryView({ summary }: { summary: MeasurementSummary }) {
  return (
    <section
      aria-labelledby="quote-measurement-summary-title"
      data-testid="measurement-summary"
      className="grid gap-3 rounded-lg border bg-muted/40 p-4"
    >
      <div className="flex items-center gap-2">
        <Ruler aria-hidden="true" className="size-4 text-primary" />
        <h3 id="quote-measurement-summary-title" className="text-sm font-semibold">
          What we read from your {summary.source} file
        </h3>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {measurementRows(summary).map((row) => (
          <div
            key={row.label}
            className={row.label === 'Address in the file' ? 'col-span-2 sm:col-span-4' : undefined}
          >
            <dt className="text-xs text-muted-foreground">{row.label}</dt>
            <dd className="font-medium tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
      {summary.warnings.length > 0 ? (
        <ul className="grid gap-1.5 text-sm" aria-label="Warnings about the file">
          {summary.warnings.map((warning) => (
            <li key={warning} className="flex items-start gap-1.5">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
              <span>{warning}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Not your roof? Replace the file before you order: the report is priced from these measurements.
      </p>
    </section>
  );
}
