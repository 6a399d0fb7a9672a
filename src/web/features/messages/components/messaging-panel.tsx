import type { Project } from '@domain/projects/schemas';
import { Badge } from '@web/components/ui/badge';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';
import { MessageSquare, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useUnreadCounts } from '../api/messages';
import { Conversation } from './conversation';
import { otherPartyName } from './project-parties';

/**
 * The messaging panel (spec 2 §2): the viewer's projects with a search on the left, the selected
 * project's conversation on the right. Enter sends, Shift+Enter starts a new line; incoming
 * messages are marked read once shown. Live over the real-time channel (the page mounts
 * useProjectLiveUpdates), polled while it is down.
 */
export function MessagingPanel({
  viewerId,
  projects,
  selectedProjectId,
  onSelect,
}: {
  viewerId: string;
  projects: Project[];
  selectedProjectId: string | null;
  onSelect: (projectId: string) => void;
}) {
  const unread = useUnreadCounts();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const selected = projects.find((p) => p.id === selectedProjectId) ?? null;

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return projects;
    return projects.filter((p) =>
      [p.title, p.address, p.city, otherPartyName(p, viewerId)].some((v) => v?.toLowerCase().includes(q)),
    );
  }, [projects, query, viewerId]);

  return (
    <div className="grid overflow-hidden rounded-lg border bg-card md:h-[600px] md:grid-cols-[minmax(220px,300px)_1fr]">
      <nav
        aria-label="Projects"
        className="flex max-h-64 flex-col border-b md:max-h-none md:border-r md:border-b-0"
      >
        <div className="border-b p-3">
          <label htmlFor={searchId} className="sr-only">
            Search projects
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
            <Input
              id={searchId}
              type="search"
              placeholder="Search projects..."
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="pl-8"
            />
          </div>
        </div>
        <ul className="flex-1 overflow-y-auto">
          {shown.length === 0 ? (
            <li className="p-4 text-sm text-muted-foreground">
              {projects.length === 0 ? 'No projects yet.' : 'No projects match your search.'}
            </li>
          ) : (
            shown.map((p) => {
              const count = unread.data?.byProject[p.id] ?? 0;
              const active = p.id === selectedProjectId;
              return (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(p.id)}
                    aria-current={active ? 'true' : undefined}
                    className={cn(
                      'flex w-full items-start justify-between gap-2 border-b px-3 py-2.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                      active && 'bg-muted',
                    )}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{p.title}</span>
                      <span className="block truncate text-muted-foreground text-xs">
                        {otherPartyName(p, viewerId)}
                      </span>
                    </span>
                    {count > 0 ? (
                      <Badge aria-label={`${count} unread`} className="shrink-0">
                        {count}
                      </Badge>
                    ) : null}
                  </button>
                </li>
              );
            })
          )}
        </ul>
      </nav>
      <section aria-label="Conversation" className="flex h-[480px] min-w-0 flex-col md:h-auto">
        {selected ? (
          <Conversation key={selected.id} project={selected} viewerId={viewerId} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
            <MessageSquare aria-hidden="true" className="size-10 text-muted-foreground" />
            <h3 className="font-semibold text-lg">Select a Project</h3>
            <p className="text-muted-foreground text-sm">
              Choose a project from the list to view and send messages.
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
