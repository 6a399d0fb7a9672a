/** The reviews feature's public surface: what other features may use (scripts/check-feature-boundaries.mjs). */
export { reviewKeys } from './api/review-keys';
export { useReviewLiveUpdates } from './api/reviews';
export { ContractorReviewList } from './components/contractor-reviews';
export { RatingLine } from './components/rating-line';
export { ReviewPanel } from './components/review-panel';
