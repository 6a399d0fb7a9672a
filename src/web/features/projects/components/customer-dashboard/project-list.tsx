import { formatCents } from '@domain/payments/money';
import type { Project } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { UnreadBadge } from '@web/features/messages';
import { cn } from '@web/lib/utils';
import { ChevronRight, Clock, MapPin } from 'lucide-react';
import { CloseoutStageBadge, ProjectStatusBadge } from '../project-status-badge';

/** The homeowner's projects: title, city and state, the homeowner's status words, estimated cost. */
export function ProjectList({
  projects,
  selectedId,
  onSelect,
}: {
  projects: readonly Project[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Your Projects</CardTitle>
        <CardDescription>Choose a project to see its progress and details.</CardDescription>
      </CardHeader>
      <CardContent className="px-3 pb-3 sm:px-4 sm:pb-4">
        <ul className="grid gap-2" aria-label="Your projects">
          {projects.map((p) => {
            const selected = p.id === selectedId;
            const place = [p.city, p.state].filter(Boolean).join(', ');
            return (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => onSelect(p.id)}
                  aria-current={selected ? 'true' : undefined}
                  data-testid="project-item"
                  className={cn(
                    'group flex w-full items-center gap-3 rounded-lg border p-3 text-left transition-colors hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    selected && 'border-primary bg-primary/5 ring-1 ring-primary',
                  )}
                >
                  <span className="grid min-w-0 flex-1 gap-1">
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold">{p.title}</span>
                      <span className="flex items-center gap-1.5">
                        <UnreadBadge projectId={p.id} />
                        <ProjectStatusBadge status={p.status} forHomeowner />
                        <CloseoutStageBadge project={p} viewer="homeowner" />
                      </span>
                    </span>
                    <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-muted-foreground">
                      <span className="inline-flex items-center gap-1">
                        <MapPin aria-hidden="true" className="size-3.5" />
                        {place || 'Location not given'}
                      </span>
                      <span className="font-medium text-foreground tabular-nums">
                        {formatCents(p.estimatedCost, 'Not calculated')}
                      </span>
                    </span>
                  </span>
                  <ChevronRight
                    aria-hidden="true"
                    className="size-4 shrink-0 text-muted-foreground group-hover:text-foreground"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** No project yet (spec 1 §2): the homeowner waits to be assigned one. */
export function NoProjects() {
  return (
    <Card className="items-center text-center" data-testid="no-projects">
      <CardHeader className="items-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-muted-foreground">
          <Clock aria-hidden="true" className="size-6" />
        </span>
        <CardTitle className="text-lg">No Projects Assigned Yet</CardTitle>
        <CardDescription className="max-w-md">
          A project appears here as soon as your insurance company or contractor assigns it. A quote you
          ordered can also become a project, from My quotes and reports below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button disabled variant="outline">
          Waiting for Project Assignment
        </Button>
      </CardContent>
    </Card>
  );
}
