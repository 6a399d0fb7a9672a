/**
 * Query keys of the contractors feature. The profile key is the one the contractor dashboard
 * (projects) reads too, the same GET /api/contractor/profile answer, so a finished wizard step or
 * an admin's decision refreshes the dashboard's view of the profile as well.
 */
export const contractorKeys = {
  all: ['contractor'] as const,
  profile: (userId: string) => [...contractorKeys.all, 'profile', userId] as const,
};
