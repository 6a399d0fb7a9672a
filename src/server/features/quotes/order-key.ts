import { createHash } from 'node:crypto';
import { sourceNeedsFile } from '../../../domain/quotes/options';
import type { QuoteData } from '../../../domain/quotes/quote-form';

/** Fields that only count with insurance involved (the order stores them only then). */
const INSURANCE_FIELDS = [
  'carrierName',
  'claimNumber',
  'adjusterFirstName',
  'adjusterLastName',
  'adjusterEmail',
  'adjusterPhone',
] as const;
/** Fields that only count without a measurement file (the file's figures win). */
const SIZE_FIELDS = ['roofAreaSqFt', 'livingAreaSqFt', 'stories'] as const;
/** Values compared exactly: our own upload address is case-sensitive. */
const EXACT_FIELDS = new Set(['sketchFileUrl']);

/**
 * The order as the product understands it, in one canonical form: the fields the order keeps
 * (no insurance fields without insurance, no size fields with a file), text trimmed, inner
 * spaces collapsed and case folded (but our upload address), empty fields dropped, keys sorted.
 * Two forms that differ only in ways the order ignores give the same canonical form.
 */
export function canonicalOrder(data: QuoteData): [string, string | number][] {
  const dropped = new Set<string>([
    ...(data.insuranceInvolved === 'Yes' ? [] : INSURANCE_FIELDS),
    ...(sourceNeedsFile(data.measurementFileSource) ? SIZE_FIELDS : []),
  ]);
  const out: [string, string | number][] = [];
  for (const [key, value] of Object.entries(data)) {
    if (dropped.has(key) || value === null || value === undefined) continue;
    if (typeof value === 'number') {
      out.push([key, value]);
      continue;
    }
    const text = String(value).trim().replace(/\s+/g, ' ');
    if (text === '') continue;
    out.push([key, EXACT_FIELDS.has(key) ? text : text.toLowerCase()]);
  }
  return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The fingerprint of an order: requester, canonical form data and code. The same order sent
 * again (a retry, a double click, a re-order after a crash, another tab) gets the same one: it
 * finds the unpaid order to pay (the same intent), or the paid one to answer (no second charge).
 */
export function orderKey(data: QuoteData, code: string | null): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        data.requesterEmail.trim().toLowerCase(),
        canonicalOrder(data),
        (code ?? '').trim().toUpperCase(),
      ]),
    )
    .digest('base64url');
}
