import type { ActivityItem } from '@domain/projects/activity';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { History } from 'lucide-react';
import { projectActivityQuery } from '../../api/activity';

const whenFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Dec 3, 9:41 AM" (the reader's own time zone). */
export function activityWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : whenFormat.format(d);
}

/** One event: its sentence (text, never HTML) and when. */
export function ActivityLine({ item, showProject = false }: { item: ActivityItem; showProject?: boolean }) {
  return (
    <li
      className="grid gap-0.5 border-l-2 border-primary/30 pl-3 text-sm"
      data-testid="project-activity-item"
    >
      <span className="[overflow-wrap:anywhere] font-medium">{item.text}</span>
      <span className="text-xs text-muted-foreground">
        <time dateTime={item.at}>{activityWhen(item.at)}</time>
        {showProject ? ` · ${item.projectTitle}` : null}
      </span>
    </li>
  );
}

/** The project page's Activity (issue 23 #8): what happened, newest first, live, ten at a time. */
export function ActivityFeed({ projectId }: { projectId: string }) {
  const feed = useInfiniteQuery(projectActivityQuery(projectId));
  const items = feed.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card aria-labelledby="activity-title" data-testid="project-activity">
      <CardHeader className="pb-3">
        <CardTitle id="activity-title" className="flex items-center gap-2 text-lg">
          <History aria-hidden="true" className="size-4" />
          Activity
        </CardTitle>
      </CardHeader>
      <CardContent>
        {feed.isPending ? (
          <Spinner label="Loading activity..." />
        ) : feed.isError ? (
          <p className="text-sm text-destructive">{errorMessage(feed.error)}</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened on this project yet.</p>
        ) : (
          <>
            <ul className="grid gap-3" aria-live="polite">
              {items.map((item) => (
                <ActivityLine key={item.id} item={item} />
              ))}
            </ul>
            {feed.hasNextPage ? (
              <Button
                variant="outline"
                size="sm"
                className="mt-4"
                disabled={feed.isFetchingNextPage}
                onClick={() => void feed.fetchNextPage()}
              >
                {feed.isFetchingNextPage ? 'Loading...' : 'Show earlier activity'}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
