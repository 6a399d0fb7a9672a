import type { WebhookDelivery, WebhookEndpoint } from '@domain/organizations/webhooks';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { organizationKeys } from './organizations';

/** The admins' view of an organisation's webhooks (issue 26 #6): endpoints and the delivery log. */
const base = (orgId: string) => `/api/admin/organizations/${encodeURIComponent(orgId)}`;
const webhookKeys = {
  endpoints: (orgId: string) => [...organizationKeys.all, orgId, 'webhooks'] as const,
  deliveries: (orgId: string) => [...organizationKeys.all, orgId, 'webhook-deliveries'] as const,
};

export function webhookEndpointsQuery(orgId: string) {
  return queryOptions({
    queryKey: webhookKeys.endpoints(orgId),
    queryFn: () => apiJson<WebhookEndpoint[]>('GET', `${base(orgId)}/webhooks`),
  });
}

export function webhookDeliveriesQuery(orgId: string) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(orgId),
    queryFn: () => apiJson<WebhookDelivery[]>('GET', `${base(orgId)}/webhook-deliveries`),
  });
}

export function useReplayDelivery(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiJson<WebhookDelivery>(
        'POST',
        `${base(orgId)}/webhook-deliveries/${encodeURIComponent(deliveryId)}/replay`,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(orgId) }),
  });
}
