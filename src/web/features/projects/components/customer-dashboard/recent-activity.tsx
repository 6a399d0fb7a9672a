import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useRealtimeState } from '@web/lib/use-realtime-state';
import { Activity, Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { myActivityQuery } from '../../api/activity';
import { activityTexts, RECENT_ACTIVITY_LIMIT, receivedText } from './dashboard-model';

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

/**
 * Recent Activity (spec 1 §2, issue 23 #8): the last five real events of the homeowner's
 * projects ("Marcus set Permit Status: issued"), refreshed live when a project changes.
 */
export function RecentActivity() {
  const { status } = useRealtimeState();
  const now = useNow(30_000);
  const activity = useQuery(myActivityQuery(RECENT_ACTIVITY_LIMIT));
  const shown = activity.data ?? [];
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
        {activity.isPending ? (
          <Spinner label="Loading recent activity..." />
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="no-activity">
            {activityTexts.empty}
          </p>
        ) : (
          <ul className="grid gap-3" aria-live="polite" data-testid="activity-list">
            {shown.map((item) => (
              <li key={item.id} className="flex gap-3" data-testid="activity-item">
                <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Activity aria-hidden="true" className="size-3.5" />
                </span>
                <div className="grid min-w-0 gap-0.5 text-sm">
                  <span className="[overflow-wrap:anywhere] font-medium">{item.text}</span>
                  <span className="[overflow-wrap:anywhere] text-muted-foreground">{item.projectTitle}</span>
                  <time dateTime={item.at} className="text-xs text-muted-foreground">
                    {receivedText(Date.parse(item.at), now)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
