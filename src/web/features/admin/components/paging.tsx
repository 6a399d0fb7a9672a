import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/error-message';

/** How long typing pauses before a search is sent to the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The next page of a list paged by cursor, while there is one; its failure said under it. */
export function LoadMore({ query }: { query: UseInfiniteQueryResult<unknown> }) {
  return (
    <>
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
        </Button>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error)}
        </p>
      ) : null}
    </>
  );
}
