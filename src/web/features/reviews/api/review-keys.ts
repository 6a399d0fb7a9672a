/** Query keys of the reviews feature: a live event refreshes exactly these. */
export const reviewKeys = {
  all: ['reviews'] as const,
  ofProject: (projectId: string) => [...reviewKeys.all, 'project', projectId] as const,
  ofContractor: (contractorId: string) => [...reviewKeys.all, 'contractor', contractorId] as const,
};
