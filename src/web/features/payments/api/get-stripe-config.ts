import type { StripeConfigResponse } from '@domain/payments/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { paymentKeys } from './payment-keys';

/** GET /api/stripe-config: the publishable key (null in the sandbox) and the payment mode. */
export function stripeConfigQuery() {
  return queryOptions({
    queryKey: paymentKeys.stripeConfig(),
    queryFn: () => apiJson<StripeConfigResponse>('GET', '/api/stripe-config'),
  });
}

export function useStripeConfig() {
  return useQuery(stripeConfigQuery());
}
