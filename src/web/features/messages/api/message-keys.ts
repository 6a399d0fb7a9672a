/** Query keys of the messages feature: a live event refreshes exactly these. */
export const messageKeys = {
  all: ['messages'] as const,
  ofUser: (userId: string) => [...messageKeys.all, 'user', userId] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
};
