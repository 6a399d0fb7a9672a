/**
 * Query keys of the projects feature: a mutation or a live event invalidates exactly what it
 * changed. Every key starts with 'projects', so `projectKeys.all` refreshes them all.
 */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  homeowner: (userId: string) => [...projectKeys.lists(), 'homeowner', userId] as const,
  contractor: (contractorId: string) => [...projectKeys.lists(), 'contractor', contractorId] as const,
  admin: () => [...projectKeys.lists(), 'all'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  /** Under the project's detail key: whatever refreshes the project refreshes its files. */
  files: (id: string) => [...projectKeys.detail(id), 'files'] as const,
  /** Under the project's detail key too: a project_updated event refreshes its feed. */
  activity: (id: string) => [...projectKeys.detail(id), 'activity'] as const,
  /** The final inspection and punch list, under the detail key: project_updated refreshes it. */
  closeout: (id: string) => [...projectKeys.detail(id), 'closeout'] as const,
  /** The admins' open punch lists, under the lists: any project change refreshes them. */
  openPunchLists: () => [...projectKeys.lists(), 'open-punch-lists'] as const,
  /** Under the lists: any change of one's projects refreshes the dashboard's Recent Activity. */
  myActivity: () => [...projectKeys.lists(), 'activity'] as const,
};
