import { z } from 'zod';

/** What the browser may know of the server's configuration (GET /api/public-config). */
export const publicConfigSchema = z
  .object({
    brandName: z.string(),
    adminEmailDomain: z.string(),
    supportEmail: z.string(),
    paymentsMode: z.enum(['sandbox', 'stripe']),
  })
  .meta({ id: 'PublicConfig' });

export type PublicConfig = z.infer<typeof publicConfigSchema>;
