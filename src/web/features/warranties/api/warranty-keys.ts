/** Query keys of the warranties feature: a live event refreshes exactly these. */
export const warrantyKeys = {
  all: ['warranties'] as const,
  ofProject: (projectId: string) => [...warrantyKeys.all, 'project', projectId] as const,
  claims: (projectId: string) => [...warrantyKeys.all, 'claims', projectId] as const,
  adminClaims: () => [...warrantyKeys.all, 'admin-claims'] as const,
};
