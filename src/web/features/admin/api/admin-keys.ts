/** Query keys of the admin feature; a decision refreshes both contractor lists (spec 2 §7). */
export const adminKeys = {
  all: ['admin'] as const,
  contractors: () => [...adminKeys.all, 'contractors'] as const,
  pendingContractors: () => [...adminKeys.contractors(), 'pending'] as const,
  allContractors: () => [...adminKeys.contractors(), 'all'] as const,
};
