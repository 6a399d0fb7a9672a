import type {
  Closeout,
  InspectionSubmitInput,
  OpenPunchList,
  PunchNoteWithPhotosInput,
} from '@domain/projects/closeout-schemas';
import type { ProjectFileKind } from '@domain/projects/schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { uploadProjectFiles } from './project-files';
import { projectKeys } from './project-keys';

const base = (id: string) => `/api/projects/${encodeURIComponent(id)}/closeout`;

/** GET /api/projects/{id}/closeout: the stage, the final inspection and the punch list. */
export function closeoutQuery(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.closeout(projectId),
    queryFn: () => apiJson<Closeout>('GET', base(projectId)),
  });
}

/** GET /api/admin/punch-lists: projects with open items, the longest waiting first (admins). */
export function openPunchListsQuery() {
  return queryOptions({
    queryKey: projectKeys.openPunchLists(),
    queryFn: () => apiJson<OpenPunchList>('GET', '/api/admin/punch-lists'),
  });
}

/** Uploads the chosen photos first (the caller's own kind), answering their ids. */
export async function uploadCloseoutPhotos(
  projectId: string,
  kind: ProjectFileKind,
  files: readonly File[],
): Promise<string[]> {
  if (files.length === 0) return [];
  const uploaded = await uploadProjectFiles(projectId, kind, files, {
    details: { step: 'install_completed' },
  });
  return uploaded.files.map((f) => f.id);
}

export type CloseoutAction =
  | { kind: 'inspection'; body: InspectionSubmitInput }
  | { kind: 'accept' }
  | { kind: 'report'; body: PunchNoteWithPhotosInput }
  | { kind: 'resolve'; itemId: string; body: PunchNoteWithPhotosInput }
  | { kind: 'reopen'; itemId: string; note: string }
  | { kind: 'admin-note'; itemId: string; note: string };

function send(projectId: string, action: CloseoutAction): Promise<Closeout> {
  const item = (itemId: string, verb: string) =>
    `${base(projectId)}/punch-items/${encodeURIComponent(itemId)}/${verb}`;
  switch (action.kind) {
    case 'inspection':
      return apiJson<Closeout>('POST', `${base(projectId)}/inspection`, action.body);
    case 'accept':
      return apiJson<Closeout>('POST', `${base(projectId)}/accept`);
    case 'report':
      return apiJson<Closeout>('POST', `${base(projectId)}/punch-items`, action.body);
    case 'resolve':
      return apiJson<Closeout>('POST', item(action.itemId, 'resolve'), action.body);
    case 'reopen':
      return apiJson<Closeout>('POST', item(action.itemId, 'reopen'), { note: action.note });
    case 'admin-note':
      return apiJson<Closeout>('POST', item(action.itemId, 'admin-note'), { note: action.note });
  }
}

/**
 * One closeout change, prepared first (its photos uploaded: `prepare` answers the action with their
 * ids, so the pending state covers both); the answer is the new closeout, and the project and the
 * lists are fetched again.
 */
export function useCloseoutAction(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prepare: () => Promise<CloseoutAction>) => send(projectId, await prepare()),
    onSuccess: (closeout) => {
      queryClient.setQueryData(projectKeys.closeout(projectId), closeout);
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
