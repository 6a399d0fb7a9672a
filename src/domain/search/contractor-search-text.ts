/**
 * The contractor search's specialties, texts and distance helpers, without zod: the search page
 * renders with these and loads the schemas (contractors.ts) only to validate a search.
 */

export const contractorSpecialties = [
  'Residential',
  'Commercial',
  'Insurance',
  'Solar',
  'Emergency',
  'Repair',
] as const;
export type ContractorSpecialty = (typeof contractorSpecialties)[number];

export const ALL_SPECIALTIES = 'all';
export const specialtyOptions = [
  { value: ALL_SPECIALTIES, label: 'All Specialties' },
  ...contractorSpecialties.map((s) => ({ value: s, label: s })),
] as const;

export const SEARCH_ZIP_MIN_LENGTH = 5;

export const searchText = {
  heading: 'Find Verified Contractors',
  subtitle:
    'Search our network of pre-verified, licensed and insured roofing contractors who serve your area.',
  zipPlaceholder: 'Enter your zip code',
  specialtyPlaceholder: 'Select specialty (optional)',
  loading: 'Finding contractors in your area...',
  error: 'Failed to load contractors. Please try again.',
  resultsHeading: 'Available Contractors',
  sortedNote: 'Sorted by rating',
  emptyTitle: 'No contractors found',
  emptyHint: 'Try expanding your search area or removing specialty filters.',
} as const;

export const searchMessages = {
  zipInvalid: 'Please enter a 5-digit ZIP code.',
  zipUnknown: (zip: string) => `We could not find ZIP code ${zip}. Please check it and try again.`,
  specialtyInvalid: `Please choose a specialty: all, ${contractorSpecialties.join(', ')}.`,
  contractorNotFound: 'This contractor could not be found.',
} as const;

/** '12.4 miles' */
export function formatDistance(miles: number): string {
  return `${miles.toFixed(1)} miles`;
}

const EARTH_RADIUS_MILES = 3958.7613;

/** Great-circle (haversine) distance in miles between two points given in degrees. */
export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}
