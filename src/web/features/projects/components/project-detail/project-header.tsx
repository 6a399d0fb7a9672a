import type { CloseoutViewer } from '@domain/projects/closeout';
import type { Project } from '@domain/projects/schemas';
import { priorityTones } from '@domain/projects/status-badges';
import { Button } from '@web/components/ui/button';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { CloseoutStageBadge, ProjectStatusBadge, ToneBadge } from '../project-status-badge';

/** The page's header (spec 2 §2): Back to the role's dashboard, the title, status and priority. */
export function ProjectHeader({
  project,
  backHref,
  viewer,
}: {
  project: Project;
  backHref: string;
  viewer: CloseoutViewer;
}) {
  const forHomeowner = viewer === 'homeowner';
  return (
    <div className="grid gap-4">
      <div>
        <Button variant="outline" size="sm" asChild>
          <Link href={backHref}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Link>
        </Button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
          {project.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2" data-testid="project-badges">
          <ProjectStatusBadge status={project.status} forHomeowner={forHomeowner} />
          <CloseoutStageBadge project={project} viewer={viewer} />
          {project.priority === 'normal' ? null : (
            <ToneBadge tone={priorityTones[project.priority]}>{project.priority} priority</ToneBadge>
          )}
        </div>
      </div>
    </div>
  );
}
