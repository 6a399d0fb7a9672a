import type { ContractorProfile } from '@domain/contractors/profile';
import { queryOptions } from '@tanstack/react-query';
import { contractorKeys } from '@web/features/contractors';
import { ApiError, apiJson } from '@web/lib/api-client';
import { takePrefetchedProfile } from './dashboard-prefetch';

/**
 * GET /api/contractor/profile: the signed-in contractor's own profile; null when the account has
 * none (404), which the dashboard shows as 'Contractor Profile Required'. Per signed-in user, so a
 * sign-in as someone else never shows the previous profile.
 */
export function contractorProfileQuery(userId: string) {
  return queryOptions({
    queryKey: contractorKeys.profile(userId),
    // the dashboard may have asked already, before the session answered (dashboard-prefetch.ts)
    queryFn: async () => {
      const prefetched = await takePrefetchedProfile(userId);
      return prefetched === undefined ? fetchContractorProfile() : prefetched;
    },
  });
}

/** GET /api/contractor/profile, the signed-in user's; null for a 404 (no profile). */
export async function fetchContractorProfile(): Promise<ContractorProfile | null> {
  try {
    return await apiJson<ContractorProfile>('GET', '/api/contractor/profile');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
