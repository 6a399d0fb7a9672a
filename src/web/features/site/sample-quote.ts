/**
 * The sample quote breakdown shown on How It Works and in the landing page's report preview:
 * the engine's own price for a fixed sample roof (sample-quote-source.ts), generated at build time.
 */

import { formatNumber } from '@domain/en-us-format';
import { sampleQuote } from './sample-quote.generated';

export { sampleQuote };

/** "A sample estimate for a 2,400 sq ft ... roof in Columbus, Ohio" */
export const sampleQuoteCaption = `${formatNumber(sampleQuote.roofAreaSqFt)} sq ft ${sampleQuote.materialText} roof at ${sampleQuote.pitch}/12 in ${sampleQuote.place}`;
