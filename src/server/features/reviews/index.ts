/**
 * The reviews feature's public surface (scripts/check-feature-boundaries.mjs refuses any other way
 * in). It owns the `reviews` table: a project's review by its homeowner, the contractor's reply
 * and the admins' hiding. Other features that show a contractor's rating read it from the same
 * SQL (rating-sql.ts); who may open a project is the projects feature's rule, given in services.ts.
 */
export { contractorRatingSql, contractorRatingText, reviewCountSql, reviewCountText } from './rating-sql';
export type { ReviewableProject } from './review-request';
export type { ReviewsService } from './reviews.service';
