import { z } from 'zod';

/** Contractor search (spec 1 §2 'Contractor search page' and 'Contractor card', §3, §5). */

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

/** Case-insensitive specialty: 'all', missing or empty mean any. */
export const specialtyQuerySchema = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v || v.toLowerCase() === ALL_SPECIALTIES) return undefined;
    const match = contractorSpecialties.find((s) => s.toLowerCase() === v.toLowerCase());
    if (!match) {
      ctx.addIssue({ code: 'custom', message: searchMessages.specialtyInvalid });
      return z.NEVER;
    }
    return match;
  });

export const availableContractorsQuerySchema = z.object({
  zip: z
    .string({ error: searchMessages.zipInvalid })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: searchMessages.zipInvalid })
    .transform((v) => v.slice(0, 5)),
  specialty: specialtyQuerySchema,
});
export type AvailableContractorsQuery = z.infer<typeof availableContractorsQuerySchema>;

export const contractorCardSchema = z
  .object({
    id: z.uuid(),
    companyName: z.string(),
    verificationStatus: z.string(),
    user: z.object({ city: z.string().nullable(), state: z.string().nullable() }),
    rating: z.number(),
    totalProjects: z.number().int(),
    yearsExperience: z.number().int(),
    isAvailable: z.boolean(),
    specialties: z.array(z.string()),
    /** Straight-line miles from the contractor's business ZIP to the searched ZIP, one decimal. */
    distanceMiles: z.number(),
    /** The 'Licensed' badge's expiry (YYYY-MM-DD), or null when not licensed for every working state. */
    licensedUntil: z.string().nullable(),
    /** The 'Insured' badge's expiry (general liability), or null when missing or expired. */
    insuredUntil: z.string().nullable(),
  })
  .meta({ id: 'ContractorCard' });
export type ContractorCard = z.infer<typeof contractorCardSchema>;

export const availableContractorsSchema = z.array(contractorCardSchema).meta({ id: 'AvailableContractors' });

/** What /request-install shows of the preferred contractor. */
export const contractorSummarySchema = z
  .object({
    id: z.uuid(),
    companyName: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    rating: z.number(),
    isAvailable: z.boolean(),
  })
  .meta({ id: 'ContractorSummary' });
export type ContractorSummary = z.infer<typeof contractorSummarySchema>;

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
