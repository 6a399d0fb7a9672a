import { z } from 'zod';
import { ALL_SPECIALTIES, contractorSpecialties, searchMessages } from './contractor-search-text';

export * from './contractor-search-text';

/** Contractor search (spec 1 §2 'Contractor search page' and 'Contractor card', §3, §5). */

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
    /** Computed from the visible reviews (src/domain/reviews/rating.ts): 0 without any. */
    rating: z.number(),
    reviewCount: z.number().int(),
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
    /** Computed from the visible reviews (src/domain/reviews/rating.ts): 0 without any. */
    rating: z.number(),
    reviewCount: z.number().int(),
    isAvailable: z.boolean(),
  })
  .meta({ id: 'ContractorSummary' });
export type ContractorSummary = z.infer<typeof contractorSummarySchema>;
