// Relative imports only: the unit tests load this file without the bundler's aliases.
import { type AddressCheck, compareAddresses } from '../../../../domain/estimates/address-match';
import { sourceNeedsFile } from '../../../../domain/quotes/options';
import type { MeasurementSummary } from '../../../../domain/quotes/quote-calls';
import type { QuoteDataInput } from '../../../../domain/quotes/quote-form';

/** What the form asks when the file's address is not the order's (issue 24 #2). */
export const addressConfirmMessages = {
  confirmLabel: 'This file measures this property (the address in the file is wrong)',
  replaceHint: 'Otherwise replace the file with the one of this roof.',
  required: 'Confirm that the measurement file is of this property, or replace it.',
};

/** The file's address against the order's as typed now; null when no file was read or no street is typed. */
export function fileAddressCheck(
  values: Pick<Partial<QuoteDataInput>, 'measurementFileSource' | 'streetAddress' | 'zipCode'>,
  summary: MeasurementSummary | null,
): AddressCheck | null {
  if (!summary || !values.measurementFileSource || !sourceNeedsFile(values.measurementFileSource))
    return null;
  const streetAddress = values.streetAddress?.trim() ?? '';
  if (!streetAddress) return null;
  return compareAddresses(summary.address, { streetAddress, zipCode: values.zipCode?.trim() ?? '' });
}

/** The form's error for the file while a mismatch is neither confirmed nor replaced; null otherwise. */
export function unconfirmedAddress(
  values: Partial<QuoteDataInput>,
  summary: MeasurementSummary | null,
): string | null {
  const check = fileAddressCheck(values, summary);
  if (check?.kind !== 'mismatch' || values.measurementAddressConfirmed === true) return null;
  return `The address in the file is not this order's (see below). ${addressConfirmMessages.required}`;
}
