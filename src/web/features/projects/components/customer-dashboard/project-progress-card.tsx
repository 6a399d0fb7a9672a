import { jobTimeline } from '@domain/projects/job-steps';
import type { Project } from '@domain/projects/schemas';
import { projectProgressPercent } from '@domain/projects/workflow';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/utils';
import { CheckCircle2, Circle } from 'lucide-react';
import { useId } from 'react';
import { formatDay } from '../project-detail/format';

/**
 * Project Progress (spec 2 §2): the status percent, labelled 'Status progress' for what it counts
 * (pending 10, in progress 50, completed 100: the project's status, not its steps), and the
 * four-step timeline, dated as every screen dates it (jobTimeline: assignment at its own moment).
 */
export function ProjectProgressCard({ project }: { project: Project }) {
  const titleId = useId();
  const percent = projectProgressPercent(project.status);
  const steps = jobTimeline(project);
  return (
    <Card aria-labelledby={titleId} role="region" data-testid="project-progress">
      <CardHeader className="pb-3">
        <div className="flex items-baseline justify-between gap-3">
          <CardTitle id={titleId} className="text-lg">
            Project Progress
          </CardTitle>
          <p className="grid justify-items-end leading-tight">
            <span className="text-xs font-medium text-muted-foreground" id={`${titleId}-figure`}>
              Status progress
            </span>
            <span className="text-2xl font-bold tabular-nums text-primary" data-testid="progress-percent">
              {percent}%
            </span>
          </p>
        </div>
        <Progress value={percent} aria-labelledby={`${titleId} ${titleId}-figure`} />
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4" aria-label="Project timeline">
          {steps.map((step, index) => (
            <li
              key={step.key}
              className="relative flex gap-3"
              data-testid={`timeline-${step.key}`}
              data-done={step.done}
            >
              {index < steps.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-6 left-[11px] h-[calc(100%-0.25rem)] w-0.5',
                    step.done && steps[index + 1]?.done ? 'bg-primary' : 'bg-border',
                  )}
                />
              ) : null}
              {step.done ? (
                <CheckCircle2 aria-hidden="true" className="relative size-6 shrink-0 text-primary" />
              ) : (
                <Circle aria-hidden="true" className="relative size-6 shrink-0 text-muted-foreground/60" />
              )}
              <div className="grid gap-0.5">
                <span className={cn('font-medium', !step.done && 'text-muted-foreground')}>
                  {step.label}
                  <span className="sr-only">{step.done ? ' (done)' : ' (not yet)'}</span>
                </span>
                <span className="text-sm text-muted-foreground">
                  {step.done ? formatDay(step.date, 'Date not recorded') : 'Not yet'}
                </span>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
