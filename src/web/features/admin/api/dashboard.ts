import type { Project, ProjectCreateInput } from '@domain/projects/schemas';
import type { Suggestion } from '@domain/search/suggestions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@web/features/projects';
import { apiJson } from '@web/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/projects/{id}/contractor-suggestions: verified, insured contractors ranked for the project. */
export function contractorSuggestionsQuery(projectId: string) {
  return queryOptions({
    queryKey: adminKeys.suggestions(projectId),
    queryFn: () =>
      apiJson<Suggestion[]>('GET', `/api/projects/${encodeURIComponent(projectId)}/contractor-suggestions`),
    // asked afresh at each opening: loads change, and a contractor who declined is no longer offered
    staleTime: 0,
  });
}

/** PUT /api/projects/{id} {contractorId, status: 'matched'}: the admin assigns; lists refresh. */
export function useAssignContractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, contractorId }: { projectId: string; contractorId: string }) =>
      apiJson<Project>('PUT', `/api/projects/${encodeURIComponent(projectId)}`, {
        contractorId,
        status: 'matched',
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** POST /api/projects: the admin's new-project form; the project list refreshes. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectCreateInput) => apiJson<Project>('POST', '/api/projects', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
      // the panels' lists, the cards' figures and the users (a new homeowner may have been invited)
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
