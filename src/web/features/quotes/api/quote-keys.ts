/**
 * Query keys of the quotes feature: the signed-in person's quotes and one order's status (by its
 * Project ID). Every key starts with 'quotes', so `quoteKeys.all` refreshes them all.
 */
export const quoteKeys = {
  all: ['quotes'] as const,
  mine: () => [...quoteKeys.all, 'mine'] as const,
  status: (reference: string) => [...quoteKeys.all, 'status', reference] as const,
};
