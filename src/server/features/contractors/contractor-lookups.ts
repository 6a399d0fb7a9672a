import type { ContractorProfileDetail } from '../../../domain/contractors/credentials';
import { onboardingMessages } from '../../../domain/contractors/onboarding-fields';
import {
  type ProfileCompletionStatus,
  profileCompletionSteps,
  type SetupStepResponse,
} from '../../../domain/contractors/profile-wizard';
import { ValidationError } from '../../platform/errors';
import { type ProfileRow, toProfileDetail } from './contractor-detail';
import type { MailRecipient } from './contractor-mail';
import type { ContractorsRepo } from './contractors.repo';

/** The later of two completion statuses: the wizard's progress never moves backwards. */
export function advanced(current: string, step: ProfileCompletionStatus): ProfileCompletionStatus {
  const at = profileCompletionSteps.indexOf(current as ProfileCompletionStatus);
  const to = profileCompletionSteps.indexOf(step);
  return at > to ? (current as ProfileCompletionStatus) : step;
}

export function reached(current: string, step: ProfileCompletionStatus): boolean {
  return (
    profileCompletionSteps.indexOf(current as ProfileCompletionStatus) >= profileCompletionSteps.indexOf(step)
  );
}

export function stepAnswer(
  profile: ProfileRow,
  message: string,
  redirectTo?: string,
  extra: Pick<SetupStepResponse, 'bankChangePending'> = {},
): SetupStepResponse {
  return {
    message,
    profileCompletionStatus: profile.profileCompletionStatus,
    verificationStatus: profile.verificationStatus,
    paymentSetupCompleted: profile.paymentSetupCompleted,
    ...(redirectTo ? { redirectTo } : {}),
    ...extra,
  };
}

/** "1845 Ross Ave, Dallas, TX 75201": city, state code and ZIP at the end of an address, when written so. */
export function addressParts(address: string): { city: string; state: string; zip: string } | null {
  const m = /,\s*([^,]+?),\s*([A-Za-z]{2})\s+(\d{5})(?:-\d{4})?\s*$/.exec(address);
  if (!m?.[1] || !m[2] || !m[3]) return null;
  return { city: m[1].trim(), state: m[2].toUpperCase(), zip: m[3] };
}

/** What several contractor services look up: a profile in full, its mail recipient, its own uploads. */
export function createContractorLookups(repo: ContractorsRepo) {
  async function detailOf(profile: ProfileRow, now = new Date()): Promise<ContractorProfileDetail> {
    const [parts] = await repo.partsOf([profile]);
    if (!parts) throw new Error('profile parts missing');
    return toProfileDetail(parts, now);
  }

  async function recipientOf(profile: ProfileRow): Promise<MailRecipient> {
    const user = await repo.userOf(profile.userId);
    return {
      email: user?.email ?? profile.contactEmail,
      firstName: user?.firstName ?? null,
      contactEmail: profile.contactEmail,
      contactName: profile.contactName,
      companyName: profile.companyName,
    };
  }

  /** The contractor's own uploads among the ids given; a foreign or unknown id is a field error. */
  async function ownDocuments(
    contractorId: string,
    wanted: { field: string; id: string | undefined }[],
  ): Promise<Map<string, { fileName: string }>> {
    const ids = [...new Set(wanted.flatMap((w) => (w.id ? [w.id] : [])))];
    const found = new Map((await repo.documentsOfContractor(contractorId, ids)).map((d) => [d.id, d]));
    const fieldErrors: Record<string, string[]> = {};
    for (const w of wanted) {
      if (w.id && !found.has(w.id)) fieldErrors[w.field] = [onboardingMessages.documentNotFound];
    }
    if (Object.keys(fieldErrors).length > 0) {
      throw new ValidationError(onboardingMessages.documentNotFound, fieldErrors);
    }
    return found;
  }

  return { detailOf, recipientOf, ownDocuments };
}
