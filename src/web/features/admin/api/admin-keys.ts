/**
 * Query keys of the admin feature. The lists of the dashboard's panels sit under the key of what
 * they list, so a decision on a contractor refreshes every contractor list, and the summary (the
 * cards' figures) sits under `admin` so `adminKeys.all` refreshes everything.
 */
export const adminKeys = {
  all: ['admin'] as const,
  summary: () => [...adminKeys.all, 'summary'] as const,
  contractors: () => [...adminKeys.all, 'contractors'] as const,
  pendingContractors: () => [...adminKeys.contractors(), 'pending'] as const,
  contractorList: (params: Record<string, string>) => [...adminKeys.contractors(), 'list', params] as const,
  contractorDetail: (id: string) => [...adminKeys.contractors(), 'detail', id] as const,
  bankChanges: () => [...adminKeys.contractors(), 'bank-changes'] as const,
  projects: () => [...adminKeys.all, 'projects'] as const,
  projectList: (params: Record<string, string>) => [...adminKeys.projects(), 'list', params] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (params: Record<string, string>) => [...adminKeys.users(), 'list', params] as const,
  suggestions: (projectId: string) => [...adminKeys.all, 'suggestions', projectId] as const,
  reportQueue: () => [...adminKeys.all, 'report-queue'] as const,
  contactMessages: () => [...adminKeys.all, 'contact-messages'] as const,
  installRequests: () => [...adminKeys.all, 'install-requests'] as const,
  outbox: () => [...adminKeys.all, 'outbox'] as const,
  discountCodes: () => [...adminKeys.all, 'discount-codes'] as const,
  quotes: () => [...adminKeys.all, 'quotes'] as const,
};
