import { z } from 'zod';
import {
  dollarsToCents,
  installFieldMessages,
  installRequestSchema,
  MAX_APPROVED_AMOUNT_CENTS,
} from './schemas';

/**
 * The /request-install form as typed: the request's own schema, with the approved amount as the
 * dollars the homeowner types ('18,450.50', '$18500') turned into cents. The preferred contractor
 * is not a field (it comes from the page's link).
 */
export const installRequestFormSchema = installRequestSchema.omit({ preferredContractorId: true }).extend({
  approvedAmount: z
    .string()
    .nullish()
    .transform((v, ctx) => {
      const cents = dollarsToCents(v ?? '');
      if (cents === null) return undefined;
      if (Number.isNaN(cents) || cents > MAX_APPROVED_AMOUNT_CENTS) {
        ctx.addIssue({ code: 'custom', message: installFieldMessages.approvedAmount });
        return z.NEVER;
      }
      return cents;
    }),
});
export type InstallRequestFormInput = z.input<typeof installRequestFormSchema>;
export type InstallRequestForm = z.output<typeof installRequestFormSchema>;
