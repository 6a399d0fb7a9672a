/** The quotes feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { myQuotesKey, useMyQuotes } from './api/get-my-quotes';
