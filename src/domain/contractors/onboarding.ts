/**
 * Contractor onboarding (spec 2 §2, §3, §5, §7, §8): the application and the admin's decision.
 * The profile wizard (password, licences, insurance) is in profile-wizard.ts, the payment wizard
 * (banking, tax) in payment-wizard.ts, the documents in contractor-documents.ts, the shared
 * messages and field helpers in onboarding-fields.ts.
 * Each schema is the body of its call; the messages are the spec's, word for word, on their field.
 */
import { z } from 'zod';
import { multiLine, oneLine } from '../text-safety';
import {
  blankToUndefined,
  DEFAULT_TRAVEL_DISTANCE,
  MAX_TRAVEL_DISTANCE,
  onboardingMessages,
  trimmed,
  WORKING_STATE_NAMES,
} from './onboarding-fields';

// ---------------------------------------------------------------- application

export const contractorApplicationSchema = z.object({
  companyName: trimmed(200, onboardingMessages.companyName, 2),
  contactName: trimmed(200, onboardingMessages.contactName, 2),
  contactEmail: z
    .string({ error: onboardingMessages.contactEmail })
    .trim()
    .toLowerCase()
    .max(254, { error: onboardingMessages.contactEmail })
    .email({ error: onboardingMessages.contactEmail }),
  contactPhone: z
    .string({ error: onboardingMessages.contactPhone })
    .trim()
    .min(10, { error: onboardingMessages.contactPhone, abort: true })
    .max(40, { error: onboardingMessages.tooLong })
    .regex(/^[0-9+().\-\s]+$/, { error: onboardingMessages.contactPhone })
    .check(oneLine()),
  workingStates: z
    .array(
      z.string().refine((s) => WORKING_STATE_NAMES.includes(s), onboardingMessages.unknownState),
      {
        error: onboardingMessages.workingStates,
      },
    )
    .min(1, { error: onboardingMessages.workingStates })
    .max(WORKING_STATE_NAMES.length)
    .transform((list) => [...new Set(list)]),
  travelDistance: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: onboardingMessages.travelDistance })
      .int({ error: onboardingMessages.travelDistance })
      .min(0, { error: onboardingMessages.travelDistance })
      .max(MAX_TRAVEL_DISTANCE, { error: onboardingMessages.travelDistanceTooLarge })
      .optional(),
  ),
  businessAddress: trimmed(300, onboardingMessages.businessAddress, 5),
  website: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(300, { error: onboardingMessages.tooLong })
      .check(oneLine())
      .refine((s) => {
        try {
          const url = new URL(/^https?:\/\//i.test(s) ? s : `https://${s}`);
          return url.hostname.includes('.') && /^https?:$/.test(url.protocol);
        } catch {
          return false;
        }
      }, onboardingMessages.website)
      .optional(),
  ),
});
export type ContractorApplication = z.infer<typeof contractorApplicationSchema>;
export type ContractorApplicationInput = z.input<typeof contractorApplicationSchema>;

/** Travel distance applies only with exactly one working state (spec 2 §2); otherwise the default. */
export function travelDistanceOf(
  app: Pick<ContractorApplication, 'workingStates' | 'travelDistance'>,
): number {
  return app.workingStates.length === 1
    ? (app.travelDistance ?? DEFAULT_TRAVEL_DISTANCE)
    : DEFAULT_TRAVEL_DISTANCE;
}

export const contractorApplicationResponseSchema = z
  .object({
    redirectTo: z.string(),
    message: z.string(),
    contractorId: z.string(),
    /** False when the caller had already applied (their profile is kept as it was). */
    created: z.boolean(),
  })
  .meta({ id: 'ContractorApplicationResponse' });
export type ContractorApplicationResponse = z.infer<typeof contractorApplicationResponseSchema>;
// ---------------------------------------------------------------- admin decision

export const verifyContractorSchema = z.object({
  status: z.enum(['verified', 'rejected'], { error: onboardingMessages.verifyStatus }),
  notes: z.preprocess(
    blankToUndefined,
    z.string().trim().max(2000, { error: onboardingMessages.notesTooLong }).check(multiLine()).optional(),
  ),
});
export type VerifyContractor = z.infer<typeof verifyContractorSchema>;

export const verifyContractorParamsSchema = z.object({ contractorId: z.string().max(100) });

/** The browser's saved application (spec 2 §2: restored after login, discarded when unreadable). */
export const APPLICATION_STORAGE_KEY = 'ridgeline.contractorApplication';
