// Relative imports only: the unit tests load this file without the bundler's aliases.
import { sourceNeedsFile } from '../../../../domain/quotes/options';
import type { MeasurementSummary } from '../../../../domain/quotes/quote-calls';
import type { QuoteData, QuoteDataInput } from '../../../../domain/quotes/quote-form';
import { emptyQuoteForm } from '../../../../domain/quotes/quote-form';
import type { PendingQuote } from './pending-quote';

/** The pure parts of useQuoteDraft: the form's first values, the homeowner copy, the order's payload. */

/** The empty form, then a stored draft (reload, checkout return), then a /estimate carry on top. */
export function initialQuoteValues(
  pending: Pick<PendingQuote, 'values'> | null,
  prefill: Partial<QuoteDataInput> = {},
): QuoteDataInput {
  return { ...emptyQuoteForm, ...(pending?.values ?? {}), ...prefill };
}

export const HOMEOWNER_COPY = [
  ['requesterFirstName', 'homeownerFirstName'],
  ['requesterLastName', 'homeownerLastName'],
  ['requesterEmail', 'homeownerEmail'],
] as const;

/** The homeowner's name and email when the requester is the homeowner. */
export function homeownerFromRequester(
  values: Partial<Pick<QuoteDataInput, 'requesterFirstName' | 'requesterLastName' | 'requesterEmail'>>,
): Pick<QuoteDataInput, 'homeownerFirstName' | 'homeownerLastName' | 'homeownerEmail'> {
  return {
    homeownerFirstName: values.requesterFirstName ?? '',
    homeownerLastName: values.requesterLastName ?? '',
    homeownerEmail: values.requesterEmail ?? '',
  };
}

/** True when the homeowner block already says what the requester block says (restores the checkbox). */
export function homeownerMatchesRequester(values: Partial<QuoteDataInput>): boolean {
  const copy = homeownerFromRequester(values);
  return (
    !!copy.homeownerFirstName?.trim() &&
    HOMEOWNER_COPY.every(([from, to]) => (values[from] ?? '') === (values[to] ?? ''))
  );
}

/** The size fields only count without a file: with a file the measured size is used. */
export function orderPayload(data: QuoteData): QuoteData {
  if (!sourceNeedsFile(data.measurementFileSource)) return data;
  return { ...data, roofAreaSqFt: null, livingAreaSqFt: null, stories: null };
}

/** A stored measurement summary, when it still belongs to the file in the form. */
export function summaryForFile(
  stored: { fileUrl: string; summary: MeasurementSummary } | null | undefined,
  fileUrl: string | null | undefined,
): MeasurementSummary | null {
  return stored && fileUrl && stored.fileUrl === fileUrl ? stored.summary : null;
}
