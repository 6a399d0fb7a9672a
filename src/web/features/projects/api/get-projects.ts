import type { Project } from '@domain/projects/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { takePrefetchedProjects } from './dashboard-prefetch';
import { projectKeys } from './project-keys';

/** GET /api/projects/homeowner/{userId}: the homeowner's own projects, newest first. */
export function homeownerProjectsQuery(userId: string) {
  return queryOptions({
    queryKey: projectKeys.homeowner(userId),
    queryFn: () => apiJson<Project[]>('GET', `/api/projects/homeowner/${encodeURIComponent(userId)}`),
  });
}

/** GET /api/projects/contractor/{id}: the projects assigned to a contractor (profile id or user id). */
export function contractorProjectsQuery(contractorId: string) {
  return queryOptions({
    queryKey: projectKeys.contractor(contractorId),
    // the dashboard may have asked already, as soon as the profile arrived (dashboard-prefetch.ts)
    queryFn: async () =>
      (await takePrefetchedProjects(contractorId)) ?? fetchContractorProjects(contractorId),
  });
}

/** GET /api/projects/contractor/{id}. */
export function fetchContractorProjects(contractorId: string): Promise<Project[]> {
  return apiJson<Project[]>('GET', `/api/projects/contractor/${encodeURIComponent(contractorId)}`);
}

/** GET /api/projects: every project (admins). */
export function allProjectsQuery() {
  return queryOptions({
    queryKey: projectKeys.admin(),
    queryFn: () => apiJson<Project[]>('GET', '/api/projects'),
  });
}

/** GET /api/projects/{id}: one project with its homeowner, contractor and files. */
export function projectQuery(id: string) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: () => apiJson<Project>('GET', `/api/projects/${encodeURIComponent(id)}`),
  });
}
