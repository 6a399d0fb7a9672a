/** The sample quote breakdown shown on How It Works and in the landing page's report preview. */
export const sampleQuote = {
  roofAreaSqFt: 2400,
  lines: [
    {
      label: 'Materials',
      detail: 'Architectural shingles, underlayment and flashing for 2,400 sq ft',
      dollars: 8400,
    },
    { label: 'Labor and installation', detail: 'Tear-off, decking repairs and installation', dollars: 6200 },
    { label: 'Permits and disposal', detail: 'Local permit, inspection and debris haul-away', dollars: 1100 },
  ],
};

export const sampleQuoteTotal = sampleQuote.lines.reduce((sum, line) => sum + line.dollars, 0);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}
