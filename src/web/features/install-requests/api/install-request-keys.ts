/** Query keys of the install-request feature: the preferred contractor the form names. */
export const installRequestKeys = {
  all: ['install-requests'] as const,
  contractorSummary: (contractorId: string) =>
    [...installRequestKeys.all, 'contractor-summary', contractorId] as const,
};
