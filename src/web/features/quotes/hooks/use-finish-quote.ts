import { submissionMessages } from '@domain/quotes/quote-calls';
import { thankYouSearch } from '@domain/quotes/thank-you';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { clearPendingQuote, saveSubmittedQuote } from '../lib/pending-quote';
import { showSubmittedNotice } from '../lib/submission-notice';
import type { QuoteDraft } from './use-quote-draft';

/**
 * The end of a checkout: the submitted notice, the draft forgotten, the submission kept for the
 * page and the way to /thank-you.
 */
export function useFinishQuote(setSubmitted: QuoteDraft['setSubmitted']) {
  const [, navigate] = useLocation();
  return useCallback(
    (
      projectId: string,
      query: { vip: boolean; freeDiscountCode?: string | null; amountDollars?: string | null },
      description = submissionMessages.submitted(projectId),
    ) => {
      showSubmittedNotice(projectId, description);
      clearPendingQuote();
      const search = thankYouSearch({ projectId, ...query });
      const done = { projectId, search, at: new Date().toISOString() };
      saveSubmittedQuote(done);
      setSubmitted(done);
      navigate(`/thank-you?${search}`);
    },
    [navigate, setSubmitted],
  );
}

export type FinishQuote = ReturnType<typeof useFinishQuote>;
