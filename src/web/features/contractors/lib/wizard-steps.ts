import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { type ProfileCompletionStatus, profileCompletionSteps } from '@domain/contractors/profile-wizard';

/** The profile wizard (spec 2 §2): three steps, then the dashboard. */
export const profileSteps = ['Set Password', 'License Information', 'Insurance Information'] as const;
/** The payment wizard (spec 2 §2): two steps, then the dashboard. */
export const paymentSteps = ['Banking Information', 'Tax Information (1099)'] as const;

function completionIndex(status: string): number {
  const i = profileCompletionSteps.indexOf(status as ProfileCompletionStatus);
  return Math.max(i, 0);
}

/** How many of the three profile steps are saved (0-3). */
export function savedProfileSteps(status: string): number {
  return completionIndex(status);
}

/** The furthest step (1-3) the contractor may open: the one after the last saved. */
export function furthestProfileStep(status: string): 1 | 2 | 3 {
  return Math.min(3, completionIndex(status) + 1) as 1 | 2 | 3;
}

/** True once all three steps are saved (insurance_set). */
export function profileComplete(status: string): boolean {
  return completionIndex(status) >= profileCompletionSteps.length - 1;
}

/**
 * The step to show: the one asked for in ?step= when it is already reachable (editing a saved
 * step), otherwise where the contractor left off. A finished profile opens on the last step.
 */
export function initialProfileStep(status: string, requested: string | null): 1 | 2 | 3 {
  const furthest = furthestProfileStep(status);
  const asked = Number(requested);
  if (Number.isInteger(asked) && asked >= 1 && asked <= furthest) return asked as 1 | 2 | 3;
  return furthest;
}

/** Payment: tax (step 2) only once banking is saved; ?step=1 goes back to banking. */
export function initialPaymentStep(
  profile: Pick<ContractorProfileDetail, 'banking'>,
  requested: string | null,
): 1 | 2 {
  if (!profile.banking) return 1;
  return requested === '1' ? 1 : 2;
}
