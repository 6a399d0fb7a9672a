/** Query keys of the payments feature. */
export const paymentKeys = {
  all: ['payments'] as const,
  stripeConfig: () => [...paymentKeys.all, 'stripe-config'] as const,
  ofProject: (projectId: string) => [...paymentKeys.all, 'project', projectId] as const,
};
