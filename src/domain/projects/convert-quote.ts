import { z } from 'zod';
import { emailSchema } from '../auth/schemas';

/** The landing page's convert-quote-to-project form (spec 1 §2, §3, §5, §8). */

export const convertQuoteMessages = {
  quoteIdRequired: 'Please enter your quote ID',
  /** One answer for an unknown quote and for an e-mail that does not match it: quote ids cannot be probed. */
  notFound:
    "We couldn't find a submitted quote with that ID for this email address. Please check your information and try again.",
  codeMismatch: 'The confirmation code does not match this quote. Please check your confirmation e-mail.',
  notSubmitted:
    'This quote has not been submitted yet. Please complete your quote order first, then create your project.',
  created: "Your project has been created and contractors will be notified. You'll be contacted soon.",
  exists: 'A project already exists for this quote.',
} as const;

export const convertQuoteSchema = z
  .object({
    email: emailSchema,
    /** The quote's public reference (RL-7K3M9Q2X, the Project ID of the confirmation) or its uuid. */
    quoteId: z
      .string({ error: convertQuoteMessages.quoteIdRequired })
      .trim()
      .min(1, { error: convertQuoteMessages.quoteIdRequired })
      .max(100, { error: convertQuoteMessages.notFound }),
    confirmationCode: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => (v ? v : undefined)),
  })
  .meta({ id: 'ConvertQuoteRequest' });
export type ConvertQuoteInput = z.input<typeof convertQuoteSchema>;
export type ConvertQuote = z.output<typeof convertQuoteSchema>;

export const convertQuoteResultSchema = z
  .object({
    projectId: z.string(),
    /** false when the quote already had its project: nothing new was created. */
    created: z.boolean(),
    message: z.string(),
  })
  .meta({ id: 'ConvertQuoteResult' });
export type ConvertQuoteResult = z.infer<typeof convertQuoteResultSchema>;
