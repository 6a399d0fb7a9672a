/**
 * ZIP codes the model refuses to price (issue 9, item 12): military mail and prefixes that are no
 * US area. Kept as two small lists (no generated data) so the quote form's schema can use it in
 * the browser; `priceable-zip.test.ts` checks the lists against the price zones of every prefix.
 *
 * - Military mail (APO/FPO/DPO): 090-099 (Armed Forces Europe), 340 (Armed Forces Americas),
 *   962-966 (Armed Forces Pacific). A roof there is not priced from US regional figures.
 * - No area: prefixes that are neither in the Census 2020 ZCTA file nor a state's prefix without a
 *   ZCTA (000-004 were never assigned; the others are unused or reserved, e.g. 269, 428, 899).
 */
export const MILITARY_ZIP_PREFIXES: readonly string[] = [
  '090',
  '091',
  '092',
  '093',
  '094',
  '095',
  '096',
  '097',
  '098',
  '099',
  '340',
  '962',
  '963',
  '964',
  '965',
  '966',
];

export const UNASSIGNED_ZIP_PREFIXES: readonly string[] = [
  '000',
  '001',
  '002',
  '003',
  '004',
  '269',
  '428',
  '429',
  '459',
  '529',
  '568',
  '569',
  '578',
  '579',
  '589',
  '659',
  '694',
  '695',
  '696',
  '697',
  '698',
  '699',
  '715',
  '817',
  '818',
  '819',
  '839',
  '848',
  '849',
  '866',
  '867',
  '868',
  '869',
  '886',
  '887',
  '888',
  '899',
];

export const MILITARY_ZIP_MESSAGE =
  'Military (APO/FPO/DPO) ZIP codes cannot be priced: enter the ZIP code of the property in the US.';
export const UNASSIGNED_ZIP_MESSAGE =
  'This ZIP code is not a US postal area: check the ZIP code of the property.';

/** Why this ZIP cannot be priced (military mail, a prefix of no area), or null when it can. */
export function unpriceableZipReason(zip: string): string | null {
  const m = /^(\d{3})\d{2}(?:-\d{4})?$/.exec(zip.trim());
  if (!m) return null; // the format is checked elsewhere ('Enter a 5-digit US ZIP code.')
  const prefix = m[1] as string;
  if (MILITARY_ZIP_PREFIXES.includes(prefix)) return MILITARY_ZIP_MESSAGE;
  if (UNASSIGNED_ZIP_PREFIXES.includes(prefix)) return UNASSIGNED_ZIP_MESSAGE;
  return null;
}

/** Throws a RangeError with a clear message for a military or unassigned ZIP. */
export function assertPriceableZip(zip: string): void {
  const reason = unpriceableZipReason(zip);
  if (reason) throw new RangeError(reason);
}
