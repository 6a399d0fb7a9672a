/**
 * A contractor's rating, computed from their visible reviews (issue 25 #9): a Bayesian average
 * with a fixed prior of PRIOR_MEAN stars worth PRIOR_WEIGHT reviews,
 *
 *   rating = (PRIOR_WEIGHT x PRIOR_MEAN + sum of stars) / (PRIOR_WEIGHT + number of reviews),
 *
 * rounded to two decimals; 0 while a contractor has no visible review ("No reviews yet", as the
 * spec's new contractor). Why this formula and these numbers: docs/contractors.md ("Ratings").
 * The server computes the same value in SQL (src/server/features/reviews/rating-sql.ts, held to
 * this function by rating-sql.int.test.ts): keep the two together.
 */

/** The prior's mean, in stars: below the typical marketplace average, so it must be earned. */
export const PRIOR_MEAN = 4;
/** How many reviews the prior weighs as. */
export const PRIOR_WEIGHT = 5;

export interface RatingSummary {
  /** The weighted rating (0 without reviews): the spec's `rating` field. */
  rating: number;
  reviewCount: number;
}

/** The weighted rating of these stars (each 1-5); integer arithmetic until the one rounding. */
export function contractorRating(stars: readonly number[]): RatingSummary {
  const n = stars.length;
  if (n === 0) return { rating: 0, reviewCount: 0 };
  const sum = stars.reduce((a, b) => a + b, 0);
  return { rating: ratingOf(sum, n), reviewCount: n };
}

/** The weighted rating from the sum of stars and their count (the SQL computes the same). */
export function ratingOf(sum: number, count: number): number {
  if (count <= 0) return 0;
  // (20 + sum) * 100 / (5 + n): an exact quotient of integers, rounded half up once
  return Math.round(((PRIOR_WEIGHT * PRIOR_MEAN + sum) * 100) / (PRIOR_WEIGHT + count)) / 100;
}

/** "4.3" for a card; null without reviews. */
export function ratingText(summary: RatingSummary): string | null {
  return summary.reviewCount > 0 ? summary.rating.toFixed(1) : null;
}

/** "12 reviews", "1 review", "No reviews yet". */
export function reviewCountText(count: number): string {
  if (count === 0) return 'No reviews yet';
  return count === 1 ? '1 review' : `${count} reviews`;
}
