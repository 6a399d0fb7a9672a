/** Query keys of the admin feature; a decision refreshes both contractor lists (spec 2 §7). */
export const adminKeys = {
  all: ['admin'] as const,
  contractors: () => [...adminKeys.all, 'contractors'] as const,
  pendingContractors: () => [...adminKeys.contractors(), 'pending'] as const,
  allContractors: () => [...adminKeys.contractors(), 'all'] as const,
  bankChanges: () => [...adminKeys.contractors(), 'bank-changes'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  suggestions: (projectId: string) => [...adminKeys.all, 'suggestions', projectId] as const,
  reportQueue: () => [...adminKeys.all, 'report-queue'] as const,
  contactMessages: () => [...adminKeys.all, 'contact-messages'] as const,
  installRequests: () => [...adminKeys.all, 'install-requests'] as const,
  outbox: () => [...adminKeys.all, 'outbox'] as const,
  discountCodes: () => [...adminKeys.all, 'discount-codes'] as const,
  quotes: () => [...adminKeys.all, 'quotes'] as const,
};
