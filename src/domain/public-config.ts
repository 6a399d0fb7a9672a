import { z } from 'zod';

/** What the browser may know of the server's configuration (GET /api/public-config). */
export const publicConfigSchema = z
  .object({
    brandName: z.string(),
    adminEmailDomain: z.string(),
    supportEmail: z.string(),
    paymentsMode: z.enum(['sandbox', 'stripe']),
    /** The state whose law governs the terms of service (GOVERNING_LAW_STATE). */
    governingLawState: z.string(),
    /** Hours a contractor has to answer a new match (MATCH_RESPONSE_HOURS). */
    matchResponseHours: z.number().int().positive(),
  })
  .meta({ id: 'PublicConfig' });

export type PublicConfig = z.infer<typeof publicConfigSchema>;
