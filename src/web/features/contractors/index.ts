/** The contractors feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { contractorKeys } from './api/contractor-keys';
