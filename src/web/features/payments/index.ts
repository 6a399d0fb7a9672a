/** The payments feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { confirmSandboxPayment } from './api/confirm-sandbox-payment';
export { useStripeConfig } from './api/get-stripe-config';
export { useValidateDiscount, validateDiscount } from './api/validate-discount';
export { PaymentPanel } from './components/card/payment-panel';
export type {
  PaymentFormStatus,
  PaymentHandle,
  PaymentOutcome,
  PrepareResult,
} from './components/card/payment-types';
export { ProjectPaymentsPanel, ReceiptLinks } from './components/project-payments/lazy-panels';
