import { formatNumber } from '@domain/en-us-format';
import { formatCentsWhole } from '@domain/payments/money';
import { FileText } from 'lucide-react';
import { sampleQuote, sampleQuoteCaption } from '../sample-quote';

/** A drawn preview of a Fair Market Value report (inline SVG and HTML: no image to download). */
export function SampleReportCard() {
  return (
    <figure className="mx-auto w-full max-w-md rounded-2xl bg-card p-5 text-card-foreground shadow-2xl ring-1 ring-white/10 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <FileText aria-hidden="true" className="size-5 text-primary" />
          <span className="font-semibold">Fair Market Value Report</span>
        </div>
        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
          Sample
        </span>
      </div>
      <svg
        viewBox="0 0 320 120"
        width="320"
        height="120"
        aria-hidden="true"
        className="mt-4 h-auto w-full rounded-lg bg-secondary"
      >
        <path d="M0 104h320v16H0z" fill="#dfe6ee" />
        <path d="M78 62 160 22l82 40v50H78z" fill="#fff" stroke="#c9d3df" strokeWidth="2" />
        <path d="M64 66 160 18l96 48" fill="none" stroke="#16253d" strokeWidth="9" strokeLinejoin="round" />
        <path d="M74 61 160 18l86 43" fill="none" stroke="#f0a04b" strokeWidth="3" strokeDasharray="10 6" />
        <path d="M144 76h32v36h-32z" fill="#16253d" />
        <path d="M96 74h30v22H96zM194 74h30v22h-30z" fill="#cfe0f2" stroke="#16253d" strokeWidth="2" />
        <path d="M270 24v70M264 24h12M264 94h12" stroke="#6b7a90" strokeWidth="2" />
        <text x="283" y="63" fontSize="11" fill="#4a5568" fontFamily="system-ui, sans-serif">
          {sampleQuote.pitch}/12
        </text>
        <path d="M78 116h164" stroke="#6b7a90" strokeWidth="2" />
      </svg>
      <dl className="mt-4 grid gap-2 text-sm">
        {[
          { label: 'Roof area', value: `${formatNumber(sampleQuote.roofAreaSqFt)} sq ft` },
          ...sampleQuote.lines.map((line) => ({ label: line.label, value: formatCentsWhole(line.cents) })),
        ].map((row) => (
          <div key={row.label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="font-medium">{row.value}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 border-t pt-2">
          <dt className="font-semibold">Fair Market Value</dt>
          <dd className="text-lg font-bold text-primary">{formatCentsWhole(sampleQuote.totalCents)}</dd>
        </div>
      </dl>
      <figcaption className="mt-3 text-xs text-muted-foreground">
        A sample estimate for a {sampleQuoteCaption}, priced by the same engine as your report (range{' '}
        {formatCentsWhole(sampleQuote.lowCents)} to {formatCentsWhole(sampleQuote.highCents)}). Yours arrives
        by email as a PDF.
      </figcaption>
    </figure>
  );
}
