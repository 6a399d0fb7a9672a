import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContractor, insertReviews } from '../../../../tests/helpers/contractors';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { contractorRating } from '../../../domain/reviews/rating';
import { contractorProfiles, reviews } from '../../platform/db/schema';
import { contractorRatingSql, reviewCountSql } from './rating-sql';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
});

afterAll(async () => {
  await ctx?.close();
});

/** Star sets with exact halves after rounding ((20 + 9) / 8 = 3.625), extremes and long runs. */
const cases: number[][] = [
  [],
  [5],
  [1],
  [3, 3, 3],
  [5, 5, 4, 4],
  [1, 2, 3, 4, 5],
  [4, 4, 5, 3, 2, 5, 5],
  Array.from({ length: 40 }, (_, i) => (i % 7 === 0 ? 3 : i % 2 === 0 ? 4 : 5)),
];

describe(`the rating in SQL agrees with the domain's formula on ${testDbKind}`, () => {
  it('for every case, hidden reviews left out', async () => {
    const ids: string[] = [];
    for (const [i, stars] of cases.entries()) {
      const id = await insertContractor(ctx.platform, {
        companyName: `Rated ${i}`,
        businessZip: '75201',
        workingStates: ['Texas'],
        travelDistance: 50,
        reviews: [...stars, 1],
      });
      // the extra one-star review is hidden: it must count for nothing (any one-star review will do)
      const [one] = await ctx.platform.db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.contractorId, id), eq(reviews.rating, 1)))
        .limit(1);
      await ctx.platform.db
        .update(reviews)
        .set({ hiddenAt: new Date() })
        .where(eq(reviews.id, one?.id ?? ''));
      ids.push(id);
    }
    const rows = await ctx.platform.db
      .select({
        id: contractorProfiles.id,
        rating: contractorRatingSql('"contractor_profiles"'),
        reviewCount: reviewCountSql('"contractor_profiles"'),
      })
      .from(contractorProfiles)
      .where(inArray(contractorProfiles.id, ids));
    for (const [i, stars] of cases.entries()) {
      const row = rows.find((r) => r.id === ids[i]);
      expect({ rating: row?.rating, reviewCount: row?.reviewCount }, JSON.stringify(stars)).toEqual(
        contractorRating(stars),
      );
    }
  });

  it('is 0 for a contractor without reviews', async () => {
    const id = await insertContractor(ctx.platform, {
      companyName: 'Unrated',
      businessZip: '75201',
      workingStates: ['Texas'],
      travelDistance: 50,
    });
    await insertReviews(ctx.platform, id, []);
    const [row] = await ctx.platform.db
      .select({ rating: contractorRatingSql('"contractor_profiles"') })
      .from(contractorProfiles)
      .where(eq(contractorProfiles.id, id));
    expect(row?.rating).toBe(0);
  });
});
