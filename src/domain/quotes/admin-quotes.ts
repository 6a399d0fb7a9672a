/** The admin's list of quotes. */
import { z } from 'zod';
import { paymentStatuses, quoteStatuses, reportStatuses } from './quote-calls';

export const adminQuotesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminQuotesQuery = z.infer<typeof adminQuotesQuerySchema>;

export const adminQuoteSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(quoteStatuses),
  paymentStatus: z.enum(paymentStatuses),
  reportStatus: z.enum(reportStatuses),
  amountCents: z.number().int(),
  basePriceCents: z.number().int(),
  discountCode: z.string().nullable(),
  discountCents: z.number().int(),
  isVipSubmission: z.boolean(),
  paymentIntentId: z.string().nullable(),
  requester: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  homeowner: z.object({ firstName: z.string(), lastName: z.string() }),
  address: z.object({ city: z.string(), state: z.string(), zipCode: z.string() }),
  measurementFileSource: z.string(),
  sketchFileName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminQuote = z.infer<typeof adminQuoteSchema>;

export const adminQuoteListSchema = z
  .object({
    items: z.array(adminQuoteSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AdminQuoteList' });
export type AdminQuoteList = z.infer<typeof adminQuoteListSchema>;
