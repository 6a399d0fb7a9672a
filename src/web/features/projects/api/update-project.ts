import type { ProjectUpdateInput } from '@domain/projects/change-schemas';
import type { Project } from '@domain/projects/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { projectKeys } from './project-keys';

/** PUT /api/projects/{id}: a workflow change, an acceptance ({status: 'in_progress'}) or an assignment. */
export function updateProject(id: string, input: ProjectUpdateInput): Promise<Project> {
  return apiJson<Project>('PUT', `/api/projects/${encodeURIComponent(id)}`, input);
}

/** The mutation, refreshing the project and every project list afterwards (spec 2 §7). */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ProjectUpdateInput }) => updateProject(id, input),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
