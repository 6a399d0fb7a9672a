import type { Logger } from 'pino';
import { z } from 'zod';
import { ratingOf } from '../../../domain/reviews/rating';
import { replyAllowed, reviewEditable, reviewOpen } from '../../../domain/reviews/rules';
import {
  type ContractorReviews,
  type HideReview,
  type ProjectReview,
  PUBLIC_REVIEWS_LIMIT,
  type ReplyReview,
  type Review,
  reviewMessages,
  type WriteReview,
} from '../../../domain/reviews/schemas';
import { audit } from '../../platform/audit';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Db } from '../../platform/db/index';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors';
import type { ProjectAccess, ProjectAccessCheck } from '../projects';
import { type ReviewableProject, type ReviewRequestConfig, reviewRequestNotice } from './review-request';
import { createReviewsRepo, type DemoReview, type Executor, type ReviewRow, toReview } from './reviews.repo';

export interface ReviewsDeps {
  db: Db;
  bus: EventBus;
  logger: Logger;
  config: ReviewRequestConfig;
  /** Who may open a project, its status, homeowner and contractor (the projects feature's rule). */
  access: ProjectAccessCheck;
  /** The clock (tests may move it past the edit window). */
  now?: () => Date;
}

/** Who asks, from where: written to the audit log. */
export interface ReviewActor {
  user: SessionUser;
  ip?: string;
}

const uuid = z.uuid();

/**
 * Reviews of contractors (issue 25 #8): the homeowner of a project whose work is accepted writes
 * one review (1-5 stars, a comment) and may change it for 14 days; the project's contractor may
 * reply once; an admin hides a review that breaks the rules, with the reason (audit-logged).
 * Every change is audited in its transaction and announced live (`review_updated`) to the
 * project's homeowner and contractor. The stars make the contractor's rating (rating-sql.ts).
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { db } = deps;
  const repo = createReviewsRepo(db);
  const clock = deps.now ?? (() => new Date());
  const log = deps.logger.child({ module: 'reviews' });

  async function announce(
    project: Pick<ProjectAccess, 'projectId' | 'homeownerId' | 'contractorUserId'>,
    reviewId: string,
  ) {
    await publishToUsers(deps.bus, [project.homeownerId, project.contractorUserId], {
      type: 'review_updated',
      projectId: project.projectId,
      reviewId,
    }).catch((err) => log.error({ err, reviewId }, 'review change not announced'));
  }

  function reviewOf(row: ReviewRow | undefined): Review {
    if (!row) throw new NotFoundError(reviewMessages.notFound);
    return toReview(row);
  }

  return {
    /**
     * Who may call a review's write (the project's homeowner) or reply (its contractor), decided
     * before the body is read: anyone else learns the same as before (404, or 403 to a party).
     */
    async assertMay(user: SessionUser, projectId: string, role: 'homeowner' | 'contractor'): Promise<void> {
      const project = await deps.access(user, projectId);
      if (project.role !== role)
        throw new ForbiddenError(
          role === 'homeowner' ? reviewMessages.onlyHomeowner : reviewMessages.onlyContractor,
        );
    },

    /** GET /api/projects/{id}/review: whoever may open the project. */
    async forProject(user: SessionUser, projectId: string): Promise<ProjectReview> {
      const project = await deps.access(user, projectId);
      const row = await repo.ofProject(project.projectId);
      const now = clock();
      return {
        review: row ? toReview(row) : null,
        canWrite:
          project.role === 'homeowner' &&
          project.contractorId !== null &&
          reviewOpen(project, now) &&
          (!row || reviewEditable(row, now)),
        canReply: project.role === 'contractor' && row !== undefined && replyAllowed(row),
        canHide: project.role === 'admin' && row !== undefined && row.hiddenAt === null,
      };
    },

    /** PUT /api/projects/{id}/review: the homeowner writes the review, or changes it within 14 days. */
    async write(
      actor: ReviewActor,
      projectId: string,
      body: WriteReview,
    ): Promise<{ review: Review; created: boolean }> {
      const project = await deps.access(actor.user, projectId);
      if (project.role !== 'homeowner') throw new ForbiddenError(reviewMessages.onlyHomeowner);
      const now = clock();
      if (!reviewOpen(project, now)) throw new ConflictError(reviewMessages.notOpen);
      if (!project.contractorId || !project.homeownerId) throw new ConflictError(reviewMessages.noContractor);
      const { contractorId, homeownerId } = project;
      const result = await db.transaction(async (tx) => {
        let created = false;
        let row = await repo.ofProject(project.projectId, tx);
        if (!row) {
          const id = await repo.insert(tx, {
            projectId: project.projectId,
            contractorId,
            homeownerId,
            ...body,
          });
          created = id !== undefined;
          row = await repo.ofProject(project.projectId, tx);
        }
        if (!row) throw new Error('review neither inserted nor found');
        if (!created) {
          if (row.hiddenAt) throw new ConflictError(reviewMessages.hiddenNoEdit);
          if (!reviewEditable(row, now)) throw new ConflictError(reviewMessages.editClosed);
          if (!(await repo.edit(tx, row.id, body, now))) throw new ConflictError(reviewMessages.hiddenNoEdit);
        }
        await audit(tx as unknown as Db, {
          actorId: actor.user.id,
          action: created ? 'review.create' : 'review.edit',
          entityType: 'review',
          entityId: row.id,
          data: { projectId: project.projectId, contractorId: row.contractorId, rating: body.rating },
          ip: actor.ip,
        });
        return { review: reviewOf(await repo.byId(row.id, tx)), created };
      });
      await announce(project, result.review.id);
      return result;
    },

    /** POST /api/projects/{id}/review/reply: the project's contractor, once. */
    async reply(actor: ReviewActor, projectId: string, body: ReplyReview): Promise<Review> {
      const project = await deps.access(actor.user, projectId);
      if (project.role !== 'contractor') throw new ForbiddenError(reviewMessages.onlyContractor);
      const review = await db.transaction(async (tx) => {
        const row = await repo.ofProject(project.projectId, tx);
        if (!row) throw new ConflictError(reviewMessages.noReview);
        if (row.hiddenAt) throw new ConflictError(reviewMessages.hiddenNoReply);
        if (!(await repo.reply(tx, row.id, body.reply, clock())))
          throw new ConflictError(reviewMessages.alreadyReplied);
        await audit(tx as unknown as Db, {
          actorId: actor.user.id,
          action: 'review.reply',
          entityType: 'review',
          entityId: row.id,
          data: { projectId: project.projectId },
          ip: actor.ip,
        });
        return reviewOf(await repo.byId(row.id, tx));
      });
      await announce(project, review.id);
      return review;
    },

    /** POST /api/admin/reviews/{id}/hide: an admin hides a review, with the rule it breaks. */
    async hide(actor: ReviewActor, reviewId: string, body: HideReview): Promise<Review> {
      if (!uuid.safeParse(reviewId).success) throw new NotFoundError(reviewMessages.notFound);
      const review = await db.transaction(async (tx) => {
        const row = await repo.byId(reviewId, tx);
        if (!row) throw new NotFoundError(reviewMessages.notFound);
        if (!(await repo.hide(tx, row.id, { adminId: actor.user.id, reason: body.reason }, clock())))
          throw new ConflictError(reviewMessages.alreadyHidden);
        await audit(tx as unknown as Db, {
          actorId: actor.user.id,
          action: 'review.hide',
          entityType: 'review',
          entityId: row.id,
          data: { projectId: row.projectId, contractorId: row.contractorId, reason: body.reason },
          ip: actor.ip,
        });
        return reviewOf(await repo.byId(row.id, tx));
      });
      const project = await deps.access(actor.user, review.projectId).catch(() => null);
      if (project) await announce(project, review.id);
      return review;
    },

    /** GET /api/contractors/{id}/reviews: a verified contractor's showing reviews and rating (public). */
    async ofContractor(contractorId: string): Promise<ContractorReviews> {
      if (!uuid.safeParse(contractorId).success || !(await repo.verifiedContractor(contractorId)))
        throw new NotFoundError(reviewMessages.contractorNotFound);
      const visible = await repo.visibleOf(contractorId, PUBLIC_REVIEWS_LIMIT);
      return {
        contractorId,
        rating: ratingOf(visible.sum, visible.count),
        reviewCount: visible.count,
        averageStars: visible.count > 0 ? Math.round((visible.sum / visible.count) * 100) / 100 : null,
        reviews: visible.reviews,
      };
    },

    /**
     * The request to review (issue 25 #8): staged with the change that makes a project reviewable
     * (today: the project became completed; the lead moves it to the work's acceptance).
     */
    requestNotices: (project: ReviewableProject) => reviewRequestNotice(project, deps.config),

    /** The demo data's reviews, with their fixed dates, in the seed's transaction (one per project). */
    async insertDemoReviews(tx: Executor, rows: DemoReview[]): Promise<void> {
      await repo.insertDemo(tx, rows);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
