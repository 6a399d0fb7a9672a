import { formatDay as dayText, formatNumber } from '@domain/en-us-format';
import type { Project } from '@domain/projects/schemas';

/**
 * Project dates are timestamps; a day a contractor picks is stored as that day's UTC midnight,
 * so days are read in UTC (a picked May 14 must not show as May 13 in Texas).
 */

/** "May 14, 2026", or the fallback when there is no date. */
export function formatDay(iso: string | null | undefined, fallback: string): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dayText(date, { utc: true });
}

/** "2,400 sq ft", or the fallback. */
export function formatRoofArea(area: number | null | undefined, fallback: string): string {
  return area == null ? fallback : `${formatNumber(area, { maximumFractionDigits: 0 })} sq ft`;
}

/** "Dana Whitfield" from first and last name, or the fallback when both are empty. */
export function personName(
  person: { firstName: string | null; lastName: string | null } | null | undefined,
  fallback: string,
): string {
  const name = [person?.firstName?.trim(), person?.lastName?.trim()].filter(Boolean).join(' ');
  return name || fallback;
}

/** "Dallas, TX 75201" from the parts that are present ('' when none is). */
export function cityLine(city: string | null, state: string | null, zipCode: string | null): string {
  const cityState = [city?.trim(), state?.trim()].filter(Boolean).join(', ');
  return [cityState, zipCode?.trim()].filter(Boolean).join(' ');
}

/**
 * The homeowner's name, e-mail and phone: the account's when it has them, else what the form or
 * quote typed (a project kept by e-mail has no account yet).
 */
export function homeownerContact(
  p: Pick<Project, 'homeowner' | 'homeownerName' | 'homeownerEmail' | 'homeownerPhone'>,
): { name: string | null; email: string | null; phone: string | null } {
  const h = p.homeowner;
  return {
    name: personName(h, '') || p.homeownerName?.trim() || null,
    email: h?.email || p.homeownerEmail || null,
    phone: h?.phone?.trim() || p.homeownerPhone?.trim() || null,
  };
}

/** "2,612 sq ft (measured)" / "(typed)": the roof area with where it came from. */
export function formatRoofAreaWithSource(
  p: Pick<Project, 'roofArea' | 'roofAreaSource'>,
  fallback: string,
): string {
  const area = formatRoofArea(p.roofArea, fallback);
  if (p.roofArea == null || !p.roofAreaSource) return area;
  return `${area} (${p.roofAreaSource === 'measured' ? 'measured from the file' : 'as typed'})`;
}
