/** The payments feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { confirmSandboxPayment } from './api/confirm-sandbox-payment';
export { useStripeConfig } from './api/get-stripe-config';
export { useValidateDiscount, validateDiscount } from './api/validate-discount';
