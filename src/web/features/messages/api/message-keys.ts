/** Query keys of the messages feature: a live event refreshes exactly these. */
export const messageKeys = {
  all: ['messages'] as const,
  ofProject: (projectId: string) => [...messageKeys.all, 'project', projectId] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
};
