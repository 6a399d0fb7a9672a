import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { reviewAuthor, reviewEditableUntil } from '../../../domain/reviews/rules';
import type { PublicReview, Review } from '../../../domain/reviews/schemas';
import type { Db } from '../../platform/db/index';
import { contractorProfiles, reviews, users } from '../../platform/db/schema';

export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

const columns = {
  id: reviews.id,
  projectId: reviews.projectId,
  contractorId: reviews.contractorId,
  homeownerId: reviews.homeownerId,
  rating: reviews.rating,
  comment: reviews.comment,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

export type DemoReview = typeof reviews.$inferInsert;

export type ReviewRow = {
  id: string;
  projectId: string;
  contractorId: string;
  homeownerId: string;
  rating: number;
  comment: string;
  reply: string | null;
  repliedAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
};

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    projectId: row.projectId,
    contractorId: row.contractorId,
    rating: row.rating,
    comment: row.comment,
    author: reviewAuthor(row.firstName, row.lastName),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: reviewEditableUntil(row.createdAt).toISOString(),
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    hiddenReason: row.hiddenReason,
  };
}

/** The reviews table's one writer (the reviews feature). */
export function createReviewsRepo(db: Db) {
  async function one(where: ReturnType<typeof eq>, tx: Executor = db): Promise<ReviewRow | undefined> {
    const [row] = await tx
      .select(columns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.homeownerId))
      .where(where)
      .limit(1);
    return row;
  }

  return {
    ofProject: (projectId: string, tx: Executor = db) => one(eq(reviews.projectId, projectId), tx),
    byId: (id: string, tx: Executor = db) => one(eq(reviews.id, id), tx),

    /** The project's review, written now; undefined when one was written meanwhile (one per project). */
    async insert(
      tx: Executor,
      row: { projectId: string; contractorId: string; homeownerId: string; rating: number; comment: string },
    ): Promise<string | undefined> {
      const [inserted] = await tx
        .insert(reviews)
        .values(row)
        .onConflictDoNothing({ target: reviews.projectId })
        .returning({ id: reviews.id });
      return inserted?.id;
    },

    async insertDemo(tx: Executor, rows: DemoReview[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.insert(reviews).values(rows).onConflictDoNothing({ target: reviews.projectId });
    },

    /** Changes stars and comment while the review shows; false when it was hidden meanwhile. */
    async edit(tx: Executor, id: string, change: { rating: number; comment: string }, now: Date) {
      const rows = await tx
        .update(reviews)
        .set({ ...change, updatedAt: now })
        .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
        .returning({ id: reviews.id });
      return rows.length > 0;
    },

    /** The contractor's one reply: false when there already is one (or the review was hidden). */
    async reply(tx: Executor, id: string, reply: string, now: Date) {
      const rows = await tx
        .update(reviews)
        .set({ reply, repliedAt: now })
        .where(and(eq(reviews.id, id), isNull(reviews.reply), isNull(reviews.hiddenAt)))
        .returning({ id: reviews.id });
      return rows.length > 0;
    },

    /** Hides a showing review with the reason; false when it was hidden already. */
    async hide(tx: Executor, id: string, by: { adminId: string; reason: string }, now: Date) {
      const rows = await tx
        .update(reviews)
        .set({ hiddenAt: now, hiddenReason: by.reason, hiddenBy: by.adminId })
        .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
        .returning({ id: reviews.id });
      return rows.length > 0;
    },

    /** Whether `contractorId` names a verified contractor (the public profile's reviews). */
    async verifiedContractor(contractorId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contractorProfiles.id })
        .from(contractorProfiles)
        .where(
          and(eq(contractorProfiles.id, contractorId), eq(contractorProfiles.verificationStatus, 'verified')),
        )
        .limit(1);
      return row !== undefined;
    },

    /** A contractor's showing reviews: their count and stars, and the newest `limit`. */
    async visibleOf(
      contractorId: string,
      limit: number,
    ): Promise<{
      count: number;
      sum: number;
      reviews: PublicReview[];
    }> {
      const visible = and(eq(reviews.contractorId, contractorId), isNull(reviews.hiddenAt));
      const [totals] = await db
        .select({
          count: sql<number>`count(*)::int`,
          sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
        })
        .from(reviews)
        .where(visible);
      const rows = await db
        .select(columns)
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.homeownerId))
        .where(visible)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
      return {
        count: totals?.count ?? 0,
        sum: totals?.sum ?? 0,
        reviews: rows.map((r) => {
          const full = toReview(r);
          return {
            id: full.id,
            rating: full.rating,
            comment: full.comment,
            author: full.author,
            createdAt: full.createdAt,
            reply: full.reply,
            repliedAt: full.repliedAt,
          };
        }),
      };
    },
  };
}

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
