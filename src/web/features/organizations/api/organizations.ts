import type {
  ApiKey,
  CreateApiKeyInput,
  CreatedApiKey,
  CreateOrganizationInput,
  Organization,
} from '@domain/organizations/organizations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

/** Query keys of the organisations feature (issue 26 #4). */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  keys: (orgId: string) => [...organizationKeys.all, orgId, 'keys'] as const,
};

const base = '/api/admin/organizations';

export function organizationsQuery() {
  return queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: () => apiJson<Organization[]>('GET', base),
  });
}

export function apiKeysQuery(orgId: string) {
  return queryOptions({
    queryKey: organizationKeys.keys(orgId),
    queryFn: () => apiJson<ApiKey[]>('GET', `${base}/${encodeURIComponent(orgId)}/api-keys`),
  });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) => apiJson<Organization>('POST', base, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
  });
}

function useKeysChanged(orgId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: organizationKeys.keys(orgId) });
    void queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
  };
}

export function useCreateApiKey(orgId: string) {
  const changed = useKeysChanged(orgId);
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      apiJson<CreatedApiKey>('POST', `${base}/${encodeURIComponent(orgId)}/api-keys`, input),
    onSuccess: changed,
  });
}

export function useRevokeApiKey(orgId: string) {
  const changed = useKeysChanged(orgId);
  return useMutation({
    mutationFn: (keyId: string) =>
      apiJson<ApiKey>(
        'POST',
        `${base}/${encodeURIComponent(orgId)}/api-keys/${encodeURIComponent(keyId)}/revoke`,
      ),
    onSuccess: changed,
  });
}

/** The admins' download of an organisation's statement of a month. */
export function statementUrl(orgId: string, month: string, format: 'csv' | 'pdf'): string {
  return `${base}/${encodeURIComponent(orgId)}/statements/${month}.${format}`;
}
