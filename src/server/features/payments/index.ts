/**
 * The payments feature's public surface: what other features may use of it (scripts/check-
 * feature-boundaries.mjs refuses any other way in). It owns the payments, the provider's events
 * and the discount codes; the provider is Stripe, or the built-in sandbox without its keys. Its
 * services are built in src/server/services.ts; the quotes feature listens to its payments'
 * changes to submit a paid quote. A job's price is asked in two parts (job-payments.service.ts):
 * the projects feature asks them in its changes (requestPart), and the payouts ledger and the
 * warranty hear each part received and each refund made (onReceived, onRefunded, in the
 * transaction that records the money; wired in services.ts).
 */

export type {
  JobPaymentReceived,
  JobPaymentRefunded,
  JobPaymentsService,
  JobPaymentTx,
  ReceivedHook,
  RefundedHook,
} from './job-payments.service';
export { ProviderUnavailableError } from './payment-provider';
export type { PaymentChange, PaymentRow, PaymentsService } from './payments.service';
