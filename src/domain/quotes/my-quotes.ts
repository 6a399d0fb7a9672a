import { z } from 'zod';
import { quoteStatuses, reportStatuses, reportVersionSchema } from './quote-calls';

/**
 * GET /api/quotes/mine: the quotes ordered with the signed-in person's e-mail (as requester or
 * homeowner), for the homeowner dashboard's 'My quotes and reports'. The same rule as the report
 * links of GET /api/quotes/{reference}/status: an address the account has confirmed is theirs,
 * so an unconfirmed account sees none of them (and is told why).
 */

/** At most this many quotes, newest first (a person orders a few; a claims desk uses the admin list). */
export const MY_QUOTES_LIMIT = 100;

export const myQuoteSchema = z
  .object({
    /** The quote's uuid (a project made from it carries it as quoteId). */
    id: z.string(),
    /** The Project ID of the order, e.g. RL-7K3M9Q2X. */
    reference: z.string(),
    /** Street, line 2, city, state and ZIP, as one line. */
    address: z.string(),
    orderedAt: z.iso.datetime({ offset: true }),
    submittedAt: z.iso.datetime({ offset: true }).nullable(),
    status: z.enum(quoteStatuses),
    reportStatus: z.enum(reportStatuses),
    /** Mailed report versions, oldest first, each with its signed download link. */
    reports: z.array(reportVersionSchema),
    /** The caller's project made from this quote (null when none, or when it is someone else's). */
    projectId: z.string().nullable(),
    /** A project exists for this quote (the caller's or the other person's on the order). */
    hasProject: z.boolean(),
    /** Submitted and without a project: 'Turn into a project' is offered. */
    canConvert: z.boolean(),
  })
  .meta({ id: 'MyQuote' });
export type MyQuote = z.infer<typeof myQuoteSchema>;

export const myQuotesResponseSchema = z
  .object({
    quotes: z.array(myQuoteSchema),
    /** Why the list is empty whatever was ordered (the address is not confirmed); null otherwise. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'MyQuotes' });
export type MyQuotesResponse = z.infer<typeof myQuotesResponseSchema>;

export const myQuotesTexts = {
  title: 'My quotes and reports',
  description: 'Every quote ordered with your email address, as the requester or the homeowner.',
  unconfirmed:
    'Confirm your email address to see the quotes and reports ordered with it. We sent you a link when you signed up.',
  empty: 'No quotes ordered with your email address yet.',
  orderQuote: 'Order a Quote',
  download: 'Download report',
  downloadVersion: (version: number) => `Download version ${version}`,
  convert: 'Turn into a project',
  converting: 'Creating Project...',
  openProject: 'Open project',
  projectElsewhere: 'A project was created from this quote for the other person on the order.',
  loadError: 'We could not load your quotes. Please try again.',
} as const;
