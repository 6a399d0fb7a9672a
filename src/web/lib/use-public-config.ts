import type { PublicConfig } from '@domain/public-config';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

export type { PublicConfig };

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  brandName: 'Ridgeline',
  adminEmailDomain: 'ridgeline.test',
  supportEmail: 'support@ridgeline.test',
  paymentsMode: 'sandbox',
};

export const PUBLIC_CONFIG_QUERY_KEY = ['/api/public-config'] as const;

/** Brand and support settings from GET /api/public-config; sensible defaults until (or unless) it answers. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery<Partial<PublicConfig> | null>({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: getQueryFn<Partial<PublicConfig> | null>({ on401: 'returnNull' }),
  });
  return { ...DEFAULT_PUBLIC_CONFIG, ...(data ?? {}) };
}
