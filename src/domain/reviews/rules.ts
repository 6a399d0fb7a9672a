/**
 * Who may do what with a project's review (issue 25 #8), as pure rules the server and the web
 * share. One review per project, written by its homeowner once the work is accepted, editable
 * for REVIEW_EDIT_DAYS days from when it was first written; the contractor replies once; an
 * admin hides a review that breaks the rules, with the reason kept.
 */

export const REVIEW_EDIT_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the homeowner may review the project now: the job is completed and the homeowner
 * accepted the work after the final inspection (issue 25 #1: its workAcceptedAt).
 */
export function reviewOpen(
  project: { status: string; workAcceptedAt: Date | string | null },
  _now: Date,
): boolean {
  return project.status === 'completed' && project.workAcceptedAt !== null;
}

/** When a review written at `createdAt` stops being editable. */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}

/** Whether a review written at `createdAt` may still be edited at `now` (the 14th day included up to the minute written). */
export function reviewEditable(review: { createdAt: Date; hiddenAt: Date | null }, now: Date): boolean {
  return review.hiddenAt === null && now.getTime() < reviewEditableUntil(review.createdAt).getTime();
}

/** The contractor may reply once, to a review that is not hidden. */
export function replyAllowed(review: { reply: string | null; hiddenAt: Date | null }): boolean {
  return review.reply === null && review.hiddenAt === null;
}

/** How a review is signed: the homeowner's first name and last initial ("Sarah J."), never the full name. */
export function reviewAuthor(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() ?? '';
  const initial = lastName?.trim().charAt(0) ?? '';
  if (!first) return 'A homeowner';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
