import type { StripeConfigResponse } from '@domain/payments/schemas';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@web/lib/api-client';

export const STRIPE_CONFIG_QUERY_KEY = ['/api/stripe-config'] as const;

/** GET /api/stripe-config: the publishable key (null in the sandbox) and the payment mode. */
export function useStripeConfig() {
  return useQuery<StripeConfigResponse>({
    queryKey: STRIPE_CONFIG_QUERY_KEY,
    queryFn: getQueryFn<StripeConfigResponse>({ on401: 'throw' }),
  });
}
