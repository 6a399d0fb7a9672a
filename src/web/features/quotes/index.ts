/** The quotes feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { useMyQuotes } from './api/get-my-quotes';
export { quoteKeys } from './api/quote-keys';
