/** The ballpark range, its line-item groups, and the call to order the full report. */

import type { BallparkFormValues } from '@domain/estimates/ballpark-form';
import { formatCentsWhole } from '@domain/payments/money';
import { estimateToQuoteSearch } from '@domain/quotes/prefill';
import { Button } from '@web/components/ui/button';
import { ArrowRight, FileText, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import type { BallparkResult } from '../hooks/use-ballpark-engine';

const GROUPS: Array<{ label: string; categories: string[] }> = [
  { label: 'Tear-off and disposal', categories: ['tear-off'] },
  { label: 'Materials', categories: ['materials'] },
  { label: 'Labor', categories: ['labor'] },
  { label: 'Permit', categories: ['fees'] },
  { label: 'Local market adjustment', categories: ['adjustment'] },
];

export function BallparkResultView({ result }: { result: BallparkResult }) {
  const { estimate, roofAreaSqFt } = result;
  const { lowCents, expectedCents, highCents } = estimate.range;
  const perSqFt = expectedCents / 100 / roofAreaSqFt;
  const groups = GROUPS.map((g) => ({
    label: g.label,
    cents: estimate.lineItems
      .filter((i) => g.categories.includes(i.category))
      .reduce((s, i) => s + i.totalCents, 0),
  })).filter((g) => g.cents !== 0);
  return (
    <div className="grid gap-6" data-testid="ballpark-result">
      <div>
        <p className="text-sm font-medium text-muted-foreground">Fair Market Value range</p>
        <p
          className="mt-1 text-3xl font-bold tracking-tight text-foreground sm:text-4xl"
          data-testid="ballpark-range"
        >
          {formatCentsWhole(lowCents)} <span className="font-normal text-muted-foreground">to</span>{' '}
          {formatCentsWhole(highCents)}
        </p>
        <p className="mt-2 text-base">
          Most likely about <strong>{formatCentsWhole(expectedCents)}</strong>{' '}
          <span className="text-muted-foreground">(${perSqFt.toFixed(2)} per sq ft installed)</span>
        </p>
        <RangeBar low={lowCents} expected={expectedCents} high={highCents} />
      </div>
      <ul className="grid gap-2 text-sm">
        <li className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            Priced for <strong>{estimate.zone.name}</strong>
          </span>
        </li>
        <li className="flex items-start gap-2">
          <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{result.areaNote}</span>
        </li>
      </ul>
      <div>
        <h3 className="text-sm font-semibold">What makes up the price</h3>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Price by part of the job</caption>
          <tbody>
            {groups.map((g) => (
              <tr key={g.label} className="border-b last:border-b-0">
                <th scope="row" className="py-1.5 text-left font-normal text-muted-foreground">
                  {g.label}
                </th>
                <td className="py-1.5 text-right tabular-nums">{formatCentsWhole(g.cents)}</td>
              </tr>
            ))}
            <tr className="border-b">
              <th scope="row" className="py-1.5 text-left font-normal text-muted-foreground">
                Contractor overhead and profit
              </th>
              <td className="py-1.5 text-right tabular-nums">
                {formatCentsWhole(estimate.overheadAndProfitCents)}
              </td>
            </tr>
            <tr>
              <th scope="row" className="pt-2 text-left font-semibold">
                Expected total
              </th>
              <td className="pt-2 text-right font-semibold tabular-nums">
                {formatCentsWhole(expectedCents)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <div>
        <h3 className="text-sm font-semibold">Why the range is this wide</h3>
        <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
          {estimate.rangeReasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </div>
      <details className="group text-sm">
        <summary className="cursor-pointer font-semibold">What this ballpark assumes</summary>
        <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-muted-foreground">
          <li>One existing layer of shingles is torn off; the deck is sound (no new plywood).</li>
          <li>A simple gable roof: edge and ridge lengths are estimated from the area.</li>
          {estimate.assumptions.slice(0, 1).map((a) => (
            <li key={a}>{a}</li>
          ))}
          {estimate.assumptions
            .filter((a) => a.startsWith('Ice barrier') || a.startsWith('Not included'))
            .map((a) => (
              <li key={a}>{a}</li>
            ))}
        </ul>
      </details>
    </div>
  );
}

/** A bar from low to high with a mark at the expected value. */
function RangeBar({ low, expected, high }: { low: number; expected: number; high: number }) {
  const pos = high > low ? ((expected - low) / (high - low)) * 100 : 50;
  return (
    <div aria-hidden="true" className="mt-4">
      <div className="relative h-2 rounded-full bg-gradient-to-r from-primary/25 via-primary/60 to-primary/25">
        <div
          className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-card bg-primary shadow"
          style={{ left: `${pos}%` }}
        />
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground">
        <span>Low</span>
        <span>Expected</span>
        <span>High</span>
      </div>
    </div>
  );
}

/** 'Order the full report' carries the ZIP, the material and the size into /quote. */
export function OrderReportCallout({ values }: { values: BallparkFormValues }) {
  const search = estimateToQuoteSearch({
    zipCode: values.zipCode,
    roofSurfaceMaterial: values.roofSurfaceMaterial,
    areaMode: values.areaMode,
    roofAreaSqFt: values.roofAreaSqFt,
    floorAreaSqFt: values.floorAreaSqFt,
    stories: values.stories,
  });
  return (
    <div className="rounded-lg border border-primary/30 bg-primary/5 p-4">
      <p className="font-semibold">Need a price an adjuster or contractor will accept?</p>
      <p className="mt-1 text-sm text-muted-foreground">
        The full Fair Market Value report prices your roof from a HOVER, EagleView, Roofr or GAF measurement
        file, line by line, and arrives as a PDF by email.
      </p>
      <Button asChild className="mt-3">
        <Link href={search ? `/quote?${search}` : '/quote'}>
          Order the full report <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
