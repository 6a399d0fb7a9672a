import type { ProjectDecline, ProjectDeclineResult } from '@domain/projects/change-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { projectKeys } from './project-keys';

/** POST /api/projects/{id}/decline: the assigned contractor turns a new match down, saying why. */
export function declineProject(id: string, input: ProjectDecline): Promise<ProjectDeclineResult> {
  return apiJson<ProjectDeclineResult>('POST', `/api/projects/${encodeURIComponent(id)}/decline`, input);
}

/** The mutation; the project leaves the contractor's lists, so they are fetched again. */
export function useDeclineProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProjectDecline }) => declineProject(id, input),
    onSuccess: (_result, { id }) => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
