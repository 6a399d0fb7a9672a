/**
 * Query keys of the onboarding feature. The profile key is the one the contractor dashboard
 * reads too (['contractor', 'profile', userId], the same GET /api/contractor/profile answer), so
 * a finished wizard step refreshes the dashboard's view of the profile as well.
 */
export const onboardingKeys = {
  all: ['contractor'] as const,
  profile: (userId: string) => [...onboardingKeys.all, 'profile', userId] as const,
};
