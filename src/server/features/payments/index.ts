/**
 * The payments feature's public surface: what other features may use of it (scripts/check-
 * feature-boundaries.mjs refuses any other way in). It owns the payments, the provider's events
 * and the discount codes; the provider is Stripe, or the built-in sandbox without its keys. Its
 * services are built in src/server/services.ts; the quotes feature listens to its payments'
 * changes to submit a paid quote.
 */
export { ProviderUnavailableError } from './payment-provider';
export type { PaymentChange, PaymentRow, PaymentsService } from './payments.service';
