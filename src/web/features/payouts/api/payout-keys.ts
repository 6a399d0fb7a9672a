import type { PayoutListKind } from '@domain/payouts/schemas';

/** Query keys of the payouts feature. */
export const payoutKeys = {
  all: ['payouts'] as const,
  totals: () => [...payoutKeys.all, 'totals'] as const,
  list: (kind: PayoutListKind) => [...payoutKeys.all, 'list', kind] as const,
  mine: () => [...payoutKeys.all, 'mine'] as const,
};
