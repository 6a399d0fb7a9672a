import { type SQL, sql } from 'drizzle-orm';
import { PRIOR_MEAN, PRIOR_WEIGHT } from '../../../domain/reviews/rating';

/**
 * A contractor's rating and review count as SQL text, for the reads that build contractor cards
 * and lists in the database (search, the Assign Contractor ranking, a project's contractor, the
 * admins' lists). `c` is the contractor_profiles alias or quoted table name. The same formula as
 * src/domain/reviews/rating.ts ratingOf (held to it by rating-sql.int.test.ts): hidden reviews
 * count for nothing; no review is 0.
 */
const PRIOR_SUM = PRIOR_WEIGHT * PRIOR_MEAN;

export function contractorRatingText(c: string): string {
  return `(select (case when count(*) = 0 then 0
      else round((${PRIOR_SUM} + sum(r.rating)) * 100::numeric / (${PRIOR_WEIGHT} + count(*))) / 100 end)::float8
    from reviews r where r.contractor_id = ${c}.id and r.hidden_at is null)`;
}

export function reviewCountText(c: string): string {
  return `(select count(*)::int from reviews r where r.contractor_id = ${c}.id and r.hidden_at is null)`;
}

export const contractorRatingSql = (c: string): SQL<number> =>
  sql<number>`${sql.raw(contractorRatingText(c))}`;
export const reviewCountSql = (c: string): SQL<number> => sql<number>`${sql.raw(reviewCountText(c))}`;
