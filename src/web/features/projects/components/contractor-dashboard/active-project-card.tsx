import type { Project } from '@domain/projects/schemas';
import { dashboardProgressPercent } from '@domain/projects/workflow';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { useId } from 'react';
import { ProjectCardHeader } from './project-card-header';
import { StepTiles } from './step-tiles';

/** An Active Projects card: title, address, status, progress and the six step tiles (spec 2 §2). */
export function ActiveProjectCard({ project }: { project: Project }) {
  const id = useId();
  const percent = dashboardProgressPercent(project);
  return (
    <Card role="article" aria-labelledby={`${id}-title`} data-project-id={project.id}>
      <CardHeader className="gap-4 pb-4">
        <ProjectCardHeader project={project} titleId={`${id}-title`} />
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between text-sm">
            <span id={`${id}-progress`} className="font-medium">
              Progress
            </span>
            <span className="font-semibold tabular-nums">{percent}%</span>
          </div>
          <Progress value={percent} aria-labelledby={`${id}-progress`} />
        </div>
      </CardHeader>
      <CardContent>
        <StepTiles project={project} />
      </CardContent>
    </Card>
  );
}
