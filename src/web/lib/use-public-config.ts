import type { PublicConfig } from '@domain/public-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGetOrNull } from './api-client';

export type { PublicConfig };

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  brandName: 'Ridgeline',
  adminEmailDomain: 'ridgeline.test',
  supportEmail: 'support@ridgeline.test',
  paymentsMode: 'sandbox',
  governingLawState: 'Delaware',
  matchResponseHours: 24,
};

/** Query keys of the public settings: the one cache entry a sign-in or sign-out keeps. */
export const publicConfigKeys = {
  all: ['public-config'] as const,
};

/** GET /api/public-config: brand and support settings, the same for everyone. */
export function publicConfigQuery() {
  return queryOptions({
    queryKey: publicConfigKeys.all,
    queryFn: ({ signal }) => apiGetOrNull<Partial<PublicConfig>>('/api/public-config', signal),
  });
}

/** The settings and whether the server has answered yet (until then they are the defaults). */
export function usePublicConfigState(): { config: PublicConfig; loaded: boolean } {
  const { data, isFetched } = useQuery(publicConfigQuery());
  return { config: { ...DEFAULT_PUBLIC_CONFIG, ...(data ?? {}) }, loaded: isFetched };
}

/** Brand and support settings from GET /api/public-config; sensible defaults until (or unless) it answers. */
export function usePublicConfig(): PublicConfig {
  return usePublicConfigState().config;
}
