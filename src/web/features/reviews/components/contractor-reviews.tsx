import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { useContractorReviews } from '../api/reviews';
import { RatingLine } from './rating-line';
import { ReviewBody } from './review-panel';

/** A contractor's public profile: the rating, its count and the newest visible reviews. */
export function ContractorReviewList({
  contractorId,
  companyName,
}: {
  contractorId: string;
  companyName: string;
}) {
  const query = useContractorReviews(contractorId);
  return (
    <section
      aria-labelledby={`reviews-${contractorId}`}
      className="grid gap-3"
      data-testid="contractor-reviews"
    >
      <h3 id={`reviews-${contractorId}`} className="font-semibold">
        Reviews
      </h3>
      {query.isPending ? (
        <Spinner label="Loading reviews..." />
      ) : query.isError ? (
        <div className="grid gap-2">
          <p className="text-sm text-destructive">{errorMessage(query.error)}</p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void query.refetch()}
          >
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <RatingLine rating={query.data.rating} reviewCount={query.data.reviewCount} />
            {query.data.averageStars !== null ? (
              <span className="text-xs text-muted-foreground">
                average of the stars given: {query.data.averageStars.toFixed(1)}
              </span>
            ) : null}
          </p>
          {query.data.reviews.length === 0 ? (
            <p className="text-sm text-muted-foreground">No homeowner has reviewed {companyName} yet.</p>
          ) : (
            <ul className="grid max-h-80 gap-4 overflow-y-auto pr-1">
              {query.data.reviews.map((r) => (
                <li key={r.id} className="border-b pb-3 last:border-b-0">
                  <ReviewBody review={r} companyName={companyName} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
