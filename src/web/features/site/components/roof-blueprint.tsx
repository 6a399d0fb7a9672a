import { formatNumber } from '@domain/en-us-format';
import { cn } from '@web/lib/utils';
import { sampleQuote } from '../sample-quote';

/** A blueprint-style roof drawing for the light page heroes (inline SVG: nothing to download). */
export function RoofBlueprint({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 420 260"
      width="420"
      height="260"
      aria-hidden="true"
      className={cn('h-auto w-full max-w-md text-primary', className)}
    >
      <defs>
        <pattern id="roof-blueprint-grid" width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M20 0H0v20" fill="none" stroke="currentColor" strokeOpacity="0.07" />
        </pattern>
      </defs>
      <rect width="420" height="260" rx="18" fill="url(#roof-blueprint-grid)" />
      <path
        d="M60 128 210 48l150 80"
        fill="none"
        stroke="currentColor"
        strokeWidth="10"
        strokeLinejoin="round"
      />
      <path d="M78 120 210 52l132 68" fill="none" stroke="#f0a04b" strokeWidth="3" strokeDasharray="12 8" />
      <path d="M86 124v96h248v-96" fill="#fff" stroke="currentColor" strokeOpacity="0.5" strokeWidth="3" />
      <path d="M190 160h40v60h-40z" fill="currentColor" fillOpacity="0.85" />
      <path
        d="M112 150h48v36h-48zM260 150h48v36h-48z"
        fill="#dbe7f3"
        stroke="currentColor"
        strokeOpacity="0.6"
        strokeWidth="3"
      />
      <path d="M372 48v80M364 48h16M364 128h16" stroke="currentColor" strokeOpacity="0.5" strokeWidth="2" />
      <path d="M60 248h300M60 240v16M360 240v16" stroke="currentColor" strokeOpacity="0.5" strokeWidth="2" />
      <text
        x="380"
        y="94"
        fontSize="13"
        fill="currentColor"
        fillOpacity="0.7"
        fontFamily="system-ui, sans-serif"
      >
        {sampleQuote.pitch}/12
      </text>
      <text
        x="210"
        y="236"
        fontSize="13"
        textAnchor="middle"
        fill="currentColor"
        fillOpacity="0.7"
        fontFamily="system-ui, sans-serif"
      >
        {formatNumber(sampleQuote.roofAreaSqFt)} sq ft
      </text>
    </svg>
  );
}
