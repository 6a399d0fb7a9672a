/**
 * The payouts feature's public surface (scripts/check-feature-boundaries.mjs refuses any other way
 * in). It owns the payout ledger (payments received: gross, fee, share), the payouts to
 * contractors, the refunds taken back from them and the sandbox's recorded transfers. The payments
 * feature reports money through the two hooks (recordPaymentReceived, recordRefund) in the
 * transaction that records it, wired in services.ts.
 */
export type {
  JobPaymentReceived,
  JobPaymentRefunded,
  PayoutAccount,
} from '../../../domain/payouts/schemas';
export type { PayoutsService } from './payouts.service';
