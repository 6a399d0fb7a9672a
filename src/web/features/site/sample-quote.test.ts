import { describe, expect, it } from 'vitest';
import { sampleQuote } from './sample-quote.generated';
import { buildSampleQuote } from './sample-quote-source';

describe('the marketing sample quote', () => {
  it('is what the engine prices for the sample roof today (regenerate: npm run generate:sample-quote)', () => {
    expect(sampleQuote).toEqual(buildSampleQuote());
  });

  it('adds up: the lines make the total, inside the range', () => {
    expect(sampleQuote.lines.reduce((s, l) => s + l.cents, 0)).toBe(sampleQuote.totalCents);
    expect(sampleQuote.lowCents).toBeLessThan(sampleQuote.totalCents);
    expect(sampleQuote.highCents).toBeGreaterThan(sampleQuote.totalCents);
    expect(sampleQuote.lines.map((l) => l.label)).toContain('Overhead and profit');
  });
});
