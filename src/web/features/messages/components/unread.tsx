import { Badge } from '@web/components/ui/badge';
import { MessageSquare } from 'lucide-react';
import { Link } from 'wouter';
import { useUnreadCounts } from '../api/messages';

/** A link to the project's conversation, with its unread count when there is one (the dashboards' cards). */
export function UnreadMessagesLink({ projectId }: { projectId: string }) {
  const unread = useUnreadCounts();
  const count = unread.data?.byProject[projectId] ?? 0;
  return (
    <Link
      href={`/projects/${encodeURIComponent(projectId)}?tab=messages`}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-muted-foreground text-sm hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={count > 0 ? `Messages, ${count} unread` : 'Messages'}
    >
      <MessageSquare aria-hidden="true" className="size-4" />
      {count > 0 ? <Badge>{count}</Badge> : <span className="sr-only sm:not-sr-only">Messages</span>}
    </Link>
  );
}

/** The unread count of one project as a small badge (nothing when all is read). */
export function UnreadBadge({ projectId }: { projectId: string }) {
  const unread = useUnreadCounts();
  const count = unread.data?.byProject[projectId] ?? 0;
  if (count === 0) return null;
  return (
    <Badge aria-label={`${count} unread ${count === 1 ? 'message' : 'messages'}`} data-testid="unread-badge">
      {count}
    </Badge>
  );
}
