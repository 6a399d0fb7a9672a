import { z } from 'zod';
import { multiLine } from '../text-safety';
import { REVIEW_EDIT_DAYS } from './rules';

/**
 * Reviews of contractors (issue 25 #8, #9): the API's shapes and messages. A review belongs to a
 * project; its stars feed the contractor's rating (./rating.ts).
 */

export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_HIDE_REASON_MAX = 500;
/** The public profile lists at most this many reviews, newest first. */
export const PUBLIC_REVIEWS_LIMIT = 50;

export const reviewMessages = {
  starsRequired: 'Choose from 1 to 5 stars.',
  commentRequired: 'Please write a few words about the work.',
  commentTooLong: `A review can be at most ${REVIEW_COMMENT_MAX} characters.`,
  replyRequired: 'Please write your reply.',
  replyTooLong: `A reply can be at most ${REVIEW_REPLY_MAX} characters.`,
  reasonRequired: 'Please give the reason for hiding this review.',
  reasonTooLong: `A reason can be at most ${REVIEW_HIDE_REASON_MAX} characters.`,
  notOpen: 'This project can be reviewed once the work is completed and accepted.',
  onlyHomeowner: "Only the project's homeowner can review its contractor.",
  noContractor: 'This project has no contractor to review.',
  editClosed: `A review can be changed for ${REVIEW_EDIT_DAYS} days after it was written.`,
  hiddenNoEdit: 'This review was hidden by our team and can no longer be changed.',
  onlyContractor: "Only the project's contractor can reply to its review.",
  noReview: 'This project has no review yet.',
  alreadyReplied: 'You have already replied to this review.',
  hiddenNoReply: 'This review was hidden by our team.',
  notFound: 'Review not found',
  contractorNotFound: 'Contractor not found',
  alreadyHidden: 'This review is already hidden.',
  saved: 'Thank you! Your review was saved.',
  replied: 'Your reply was posted.',
  hidden: 'The review was hidden.',
} as const;

const stars = z
  .number({ error: reviewMessages.starsRequired })
  .int({ error: reviewMessages.starsRequired })
  .min(1, { error: reviewMessages.starsRequired })
  .max(5, { error: reviewMessages.starsRequired });

/** PUT /api/projects/{id}/review: writes the project's review, or edits it within the window. */
export const writeReviewSchema = z.object({
  rating: stars,
  comment: z
    .string({ error: reviewMessages.commentRequired })
    .trim()
    .min(1, { error: reviewMessages.commentRequired })
    .max(REVIEW_COMMENT_MAX, { error: reviewMessages.commentTooLong })
    .check(multiLine()),
});
export type WriteReview = z.infer<typeof writeReviewSchema>;

/** POST /api/projects/{id}/review/reply: the contractor's one reply. */
export const replyReviewSchema = z.object({
  reply: z
    .string({ error: reviewMessages.replyRequired })
    .trim()
    .min(1, { error: reviewMessages.replyRequired })
    .max(REVIEW_REPLY_MAX, { error: reviewMessages.replyTooLong })
    .check(multiLine()),
});
export type ReplyReview = z.infer<typeof replyReviewSchema>;

/** POST /api/admin/reviews/{id}/hide: the rule it breaks, kept with the review and in the audit log. */
export const hideReviewSchema = z.object({
  reason: z
    .string({ error: reviewMessages.reasonRequired })
    .trim()
    .min(1, { error: reviewMessages.reasonRequired })
    .max(REVIEW_HIDE_REASON_MAX, { error: reviewMessages.reasonTooLong })
    .check(multiLine()),
});
export type HideReview = z.infer<typeof hideReviewSchema>;

export const reviewParamsSchema = z.object({ id: z.string().max(100) });

const isoTime = z.iso.datetime({ offset: true });

/** A review as the project's parties and admins see it (hidden ones with their reason). */
export const reviewSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    contractorId: z.string(),
    rating: z.number().int(),
    comment: z.string(),
    /** The homeowner's first name and last initial ("Sarah J."). */
    author: z.string(),
    createdAt: isoTime,
    updatedAt: isoTime,
    /** Until when the homeowner may change it. */
    editableUntil: isoTime,
    reply: z.string().nullable(),
    repliedAt: isoTime.nullable(),
    hiddenAt: isoTime.nullable(),
    hiddenReason: z.string().nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** GET /api/projects/{id}/review: the project's review (or null) and what the caller may do now. */
export const projectReviewSchema = z
  .object({
    review: reviewSchema.nullable(),
    /** The caller may write the review, or change it (homeowner, open, within the window). */
    canWrite: z.boolean(),
    /** The caller may reply (the project's contractor, once). */
    canReply: z.boolean(),
    /** The caller may hide it (an admin, while it shows). */
    canHide: z.boolean(),
  })
  .meta({ id: 'ProjectReview' });
export type ProjectReview = z.infer<typeof projectReviewSchema>;

/** A review on a contractor's public profile: no project, no homeowner's full name. */
export const publicReviewSchema = reviewSchema
  .pick({
    id: true,
    rating: true,
    comment: true,
    author: true,
    createdAt: true,
    reply: true,
    repliedAt: true,
  })
  .meta({ id: 'PublicReview' });
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /api/contractors/{id}/reviews: a verified contractor's visible reviews and rating. */
export const contractorReviewsSchema = z
  .object({
    contractorId: z.string(),
    /** The weighted rating (./rating.ts), 0 without reviews. */
    rating: z.number(),
    reviewCount: z.number().int(),
    /** The plain mean of the stars given (null without reviews). */
    averageStars: z.number().nullable(),
    reviews: z.array(publicReviewSchema),
  })
  .meta({ id: 'ContractorReviews' });
export type ContractorReviews = z.infer<typeof contractorReviewsSchema>;
