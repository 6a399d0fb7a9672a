import type { Project } from '@domain/projects/schemas';
import type { RealtimeEvent } from '@domain/realtime';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { subscribeToRealtime } from '@web/lib/use-realtime';
import { useRealtimeState } from '@web/lib/use-realtime-state';
import { Activity, Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  activityEvents,
  activityTexts,
  activityTypeText,
  eventProjectId,
  receivedText,
} from './dashboard-model';

/**
 * When each event arrived. The app shell's connection keeps events without a time, so the times
 * are noted from the moment this screen's code loads; earlier events say so instead of 'Just now'.
 */
const receivedAt = new WeakMap<RealtimeEvent, number>();
subscribeToRealtime((event) => receivedAt.set(event, Date.now()));

/** A stable key per event object (events carry no id of their own). */
const keys = new WeakMap<RealtimeEvent, number>();
let lastKey = 0;
function keyOf(event: RealtimeEvent): number {
  let key = keys.get(event);
  if (key === undefined) {
    key = ++lastKey;
    keys.set(event, key);
  }
  return key;
}

const statusWords = { open: 'Live', connecting: 'Connecting...', closed: 'Offline' } as const;

/** Re-renders every `ms`, so relative times move on. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** Recent Activity (spec 1 §2): the last 5 live events of the real-time channel. */
export function RecentActivity({ projects }: { projects: readonly Project[] }) {
  const { events, status } = useRealtimeState();
  const now = useNow(30_000);
  const shown = activityEvents(events);
  const titleOf = new Map(projects.map((p) => [p.id, p.title]));
  return (
    <Card>
      <CardHeader className="pb-3">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-lg">Recent Activity</CardTitle>
          <span
            className="inline-flex items-center gap-1 text-xs text-muted-foreground"
            data-testid="live-status"
          >
            <Radio aria-hidden="true" className={status === 'open' ? 'size-3.5 text-success' : 'size-3.5'} />
            {statusWords[status]}
          </span>
        </div>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="no-activity">
            {activityTexts.empty}
          </p>
        ) : (
          <ul className="grid gap-3" aria-live="polite" data-testid="activity-list">
            {shown.map((event) => {
              const projectId = eventProjectId(event);
              const title = projectId ? titleOf.get(projectId) : undefined;
              return (
                <li key={keyOf(event)} className="flex gap-3" data-testid="activity-item">
                  <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                    <Activity aria-hidden="true" className="size-3.5" />
                  </span>
                  <div className="grid min-w-0 gap-0.5 text-sm">
                    <span className="font-medium capitalize">
                      {activityTypeText(event.type)}
                      {title ? (
                        <span className="font-normal normal-case text-muted-foreground"> · {title}</span>
                      ) : null}
                    </span>
                    <span className="text-muted-foreground">{activityTexts.received}</span>
                    <span className="text-xs text-muted-foreground">
                      {receivedText(receivedAt.get(event), now)}
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
