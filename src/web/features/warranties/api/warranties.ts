import type {
  AdminClaimList,
  Claim,
  ClaimList,
  ClaimMessageInput,
  ClaimStatusChange,
  OpenClaimInput,
  Warranty,
} from '@domain/warranties/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson } from '@web/lib/api-client';
import { invalidateLive } from '@web/lib/invalidate-live';
import { uploadWithProgress } from '@web/lib/upload-with-progress';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { warrantyKeys } from './warranty-keys';

const projectUrl = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/warranty`;
const claimUrl = (claimId: string) => `/api/warranty-claims/${encodeURIComponent(claimId)}`;

/**
 * GET /api/projects/{id}/warranty: the project's warranty, or null before it is issued (the
 * server answers 404 until the final payment; so do projects the viewer may not open).
 */
export function warrantyQuery(projectId: string) {
  return queryOptions({
    queryKey: warrantyKeys.ofProject(projectId),
    queryFn: async () => {
      try {
        return await apiJson<Warranty>('GET', projectUrl(projectId));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export function useWarranty(projectId: string) {
  return useQuery(warrantyQuery(projectId));
}

/** GET /api/projects/{id}/warranty/claims: the claims with their threads, newest first. */
export function useClaims(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: warrantyKeys.claims(projectId),
    queryFn: async () => (await apiJson<ClaimList>('GET', `${projectUrl(projectId)}/claims`)).claims,
    enabled,
  });
}

/** GET /api/admin/warranty-claims: the claims not resolved, oldest first. */
export function useAdminClaims() {
  return useQuery({
    queryKey: warrantyKeys.adminClaims(),
    queryFn: async () => (await apiJson<AdminClaimList>('GET', '/api/admin/warranty-claims')).claims,
  });
}

/** Refreshes warranties and claims when the server says one changed (issued, claimed, written, moved). */
export function useWarrantyLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(() => {
    void invalidateLive(queryClient, { queryKey: warrantyKeys.all });
  }, ['warranty_updated']);
}

/** Uploads the claim's photos as the project's images (checked by content on the server); their ids. */
async function uploadImages(projectId: string, files: readonly File[]): Promise<string[]> {
  if (files.length === 0) return [];
  const body = new FormData();
  for (const file of files) body.append('images', file, file.name);
  const uploaded = await uploadWithProgress<{ files: { id: string }[] }>(
    `/api/projects/${encodeURIComponent(projectId)}/images`,
    body,
    {},
  ).promise;
  return uploaded.files.map((f) => f.id);
}

function useClaimMutation<T>(run: (input: T) => Promise<Claim>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: warrantyKeys.all }),
  });
}

/** POST /api/projects/{id}/warranty/claims, its photos uploaded first. */
export function useOpenClaim(projectId: string) {
  return useClaimMutation(async (input: { description: string; files: File[] }) => {
    const photoIds = await uploadImages(projectId, input.files);
    const body: OpenClaimInput = { description: input.description, photoIds };
    return apiJson<Claim>('POST', `${projectUrl(projectId)}/claims`, body);
  });
}

/** POST /api/warranty-claims/{id}/messages. */
export function useWriteInClaim(claimId: string) {
  return useClaimMutation((input: ClaimMessageInput) =>
    apiJson<Claim>('POST', `${claimUrl(claimId)}/messages`, input),
  );
}

/** PATCH /api/warranty-claims/{id}: schedule, resolve or reopen. */
export function useChangeClaimStatus(claimId: string) {
  return useClaimMutation((input: ClaimStatusChange) => apiJson<Claim>('PATCH', claimUrl(claimId), input));
}
