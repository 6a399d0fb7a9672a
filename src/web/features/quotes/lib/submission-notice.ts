import { submissionMessages } from '@domain/quotes/quote-calls';
import { toast } from '@web/lib/use-toast';

/** The 'Quote Submitted Successfully!' notice of each order this tab submitted, while it may still be on screen. */
const notices = new Map<string, ReturnType<typeof toast>>();

/** Shows the spec's success notice (the Project ID and delivery in 5-10 minutes) for an order just submitted. */
export function showSubmittedNotice(projectId: string, description: string): void {
  const shown = toast({ title: submissionMessages.successTitle, description });
  // only the notice promising delivery is settled later; another one (an order placed again) stays as said
  if (description === submissionMessages.submitted(projectId)) notices.set(projectId, shown);
}

/**
 * The order's report is in the customer's hands: a notice still promising it "within 5-10
 * minutes" now says it was delivered (a closed notice stays closed).
 */
export function settleSubmittedNotice(projectId: string, preliminary: boolean): void {
  const notice = notices.get(projectId);
  if (!notice) return;
  notices.delete(projectId);
  notice.update({
    id: notice.id,
    title: submissionMessages.successTitle,
    description: submissionMessages.delivered(projectId, preliminary),
  });
}
