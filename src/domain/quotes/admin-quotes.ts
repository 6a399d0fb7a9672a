/** The admin's list of quotes. */
import { z } from 'zod';
import { queuePageFields, queuePageQueryShape } from '../lists';
import { paymentStatuses, quoteStatuses, reportStatuses } from './quote-calls';

export const adminQuotesQuerySchema = z.object({
  ...queuePageQueryShape(100, 25),
  status: z.enum(quoteStatuses, { error: 'Status is not a quote status' }).optional(),
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
    ...queuePageFields,
  })
  .meta({ id: 'AdminQuoteList' });
export type AdminQuoteList = z.infer<typeof adminQuoteListSchema>;
