import { Spinner } from '@web/components/ui/spinner';

/** Shown while a page's code is loading. */
export function RouteFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Loading page..." />
    </div>
  );
}
