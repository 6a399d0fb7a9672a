import { Button } from '@web/components/ui/button';
import { Star } from 'lucide-react';
import { useContractorSummary } from '../api/get-contractor-summary';

export function PreferredContractor({ id, onRemove }: { id: string; onRemove: () => void }) {
  const summary = useContractorSummary(id);
  return (
    <section aria-label="Preferred contractor" className="rounded-lg border bg-secondary/50 p-4">
      <p className="text-sm font-semibold">Preferred contractor</p>
      {summary.isLoading ? (
        <p className="mt-1 text-sm text-muted-foreground">Loading contractor...</p>
      ) : summary.data ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="font-medium">{summary.data.companyName}</p>
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              {[summary.data.city, summary.data.state].filter(Boolean).join(', ')}
              <Star aria-hidden="true" className="ml-2 size-3.5 fill-amber-400 text-amber-400" />
              {summary.data.rating.toFixed(1)}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              We ask this contractor first; if they can't take the job, we match you with another verified
              contractor.
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove
          </Button>
        </div>
      ) : (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            This contractor is not available; we'll match you with a verified contractor who serves your area.
          </p>
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Dismiss
          </Button>
        </div>
      )}
    </section>
  );
}
