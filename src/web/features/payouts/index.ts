/** The payouts feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { payoutKeys } from './api/payout-keys';
export { myPayoutsQuery, payoutTotalsQuery } from './api/payouts';
export { ContractorPayouts } from './components/contractor-payouts';
export { PaymentsPanel } from './components/payments-panel';
