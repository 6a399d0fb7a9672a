import type { PublicConfig } from '@domain/public-config';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

export type { PublicConfig };

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  brandName: 'Ridgeline',
  adminEmailDomain: 'ridgeline.test',
  supportEmail: 'support@ridgeline.test',
  paymentsMode: 'sandbox',
  governingLawState: 'Delaware',
};

export const PUBLIC_CONFIG_QUERY_KEY = ['/api/public-config'] as const;

/** The settings and whether the server has answered yet (until then they are the defaults). */
export function usePublicConfigState(): { config: PublicConfig; loaded: boolean } {
  const { data, isFetched } = useQuery<Partial<PublicConfig> | null>({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: getQueryFn<Partial<PublicConfig> | null>({ on401: 'returnNull' }),
  });
  return { config: { ...DEFAULT_PUBLIC_CONFIG, ...(data ?? {}) }, loaded: isFetched };
}

/** Brand and support settings from GET /api/public-config; sensible defaults until (or unless) it answers. */
export function usePublicConfig(): PublicConfig {
  return usePublicConfigState().config;
}
