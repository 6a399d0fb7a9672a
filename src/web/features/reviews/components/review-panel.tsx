import { reviewOpen } from '@domain/reviews/rules';
import type { Review } from '@domain/reviews/schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { MessageSquareQuote } from 'lucide-react';
import { useEffect } from 'react';
import { useProjectReview, useReviewLiveUpdates } from '../api/reviews';
import { HideReviewForm, ReplyForm, WriteReviewForm } from './review-forms';
import { Stars } from './stars';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
export const reviewDate = (iso: string) => dateFormat.format(new Date(iso));

/** One review as text: stars, comment, who and when, the contractor's reply. */
export function ReviewBody({
  review,
  companyName,
}: {
  review: Pick<Review, 'rating' | 'comment' | 'author' | 'createdAt' | 'reply'>;
  companyName?: string;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={review.rating} />
        <span className="text-sm text-muted-foreground">
          {review.author} · <time dateTime={review.createdAt}>{reviewDate(review.createdAt)}</time>
        </span>
      </div>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.comment}</p>
      {review.reply ? <ReplyBlock reply={review.reply} companyName={companyName} /> : null}
    </div>
  );
}

function ReplyBlock({ reply, companyName }: { reply: string; companyName?: string }) {
  return (
    <div className="rounded-md bg-muted p-3 text-sm">
      <p className="font-medium">Response from {companyName ?? 'the contractor'}</p>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{reply}</p>
    </div>
  );
}

/**
 * The project page's review (issue 25 #8): the homeowner writes or changes it, the contractor
 * replies once, an admin hides it. Shown once the work can be reviewed, or when a review exists.
 */
export function ReviewPanel({
  project,
  viewer,
}: {
  project: {
    id: string;
    status: string;
    workAcceptedAt: string | null;
    contractor: { companyName: string } | null;
  };
  viewer: 'homeowner' | 'contractor' | 'admin';
}) {
  const open = reviewOpen(project, new Date());
  useReviewLiveUpdates();
  const query = useProjectReview(project.id);
  const shown = open || Boolean(query.data?.review);
  // the review request's link ends in #review: bring the panel into view once it is drawn
  useEffect(() => {
    if (shown && query.isSuccess && window.location.hash === '#review') {
      document.getElementById('review')?.scrollIntoView({ block: 'start' });
    }
  }, [shown, query.isSuccess]);
  if (!shown) return null;
  const companyName = project.contractor?.companyName;
  const data = query.data;
  return (
    <Card id="review" aria-labelledby="review-title" data-testid="project-review" className="scroll-mt-20">
      <CardHeader className="pb-3">
        <CardTitle id="review-title" className="flex items-center gap-2 text-lg">
          <MessageSquareQuote aria-hidden="true" className="size-4" />
          {viewer === 'homeowner' ? `Review ${companyName ?? 'your contractor'}` : 'Homeowner review'}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <Spinner label="Loading the review..." />
        ) : query.isError || !data ? (
          <div className="grid gap-2">
            <p className="text-sm text-destructive">{errorMessage(query.error)}</p>
            <Button variant="outline" className="justify-self-start" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            {data.review?.hiddenAt ? (
              <p className="rounded-md border border-destructive/40 p-3 text-sm" role="note">
                Hidden by our team: {data.review.hiddenReason}
              </p>
            ) : null}
            {data.review && !(viewer === 'homeowner' && data.canWrite) ? (
              <ReviewBody review={data.review} companyName={companyName} />
            ) : null}
            {data.review === null && viewer !== 'homeowner' ? (
              <p className="text-sm text-muted-foreground">
                The homeowner has not reviewed this project yet.
              </p>
            ) : null}
            {viewer === 'homeowner' && data.canWrite ? (
              <>
                {data.review ? (
                  <p className="text-sm text-muted-foreground">
                    You can change your review until {reviewDate(data.review.editableUntil)}.
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    Rate the work from 1 to 5 stars: your review helps other homeowners choose.
                  </p>
                )}
                <WriteReviewForm projectId={project.id} review={data.review} />
                {data.review?.reply ? (
                  <ReplyBlock reply={data.review.reply} companyName={companyName} />
                ) : null}
              </>
            ) : null}
            {viewer === 'contractor' && data.canReply ? <ReplyForm projectId={project.id} /> : null}
            {viewer === 'admin' && data.canHide && data.review ? (
              <HideReviewForm reviewId={data.review.id} />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
