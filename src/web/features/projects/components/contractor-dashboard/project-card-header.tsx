import type { Project } from '@domain/projects/schemas';
import { UnreadMessagesLink } from '@web/features/messages';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { CloseoutStageBadge, ProjectStatusBadge } from '../project-status-badge';
import { projectAddress } from './format';

/** Title, address and status badge at the top of every project card; the title names the card. */
export function ProjectCardHeader({ project, titleId }: { project: Project; titleId: string }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3
          id={titleId}
          tabIndex={-1}
          className="text-lg font-semibold tracking-tight [overflow-wrap:anywhere] focus:outline-none"
        >
          {project.title}
        </h3>
        <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{projectAddress(project)}</span>
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <UnreadMessagesLink projectId={project.id} />
        <ProjectStatusBadge status={project.status} />
        <CloseoutStageBadge project={project} viewer="contractor" />
      </div>
    </div>
  );
}

/** A label and its value in a card's details list. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground uppercase tracking-wide">{label}</dt>
      <dd className="text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
