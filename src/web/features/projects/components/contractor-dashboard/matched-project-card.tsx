import { formatCentsShort } from '@domain/payments/money';
import { matchWait } from '@domain/projects/match-response';
import { jobFileMessages, type Project } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@web/components/ui/card';
import { useNow } from '@web/lib/use-now';
import { usePublicConfig } from '@web/lib/use-public-config';
import { cn } from '@web/lib/utils';
import { Clock, FileText } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { formatRoofAreaWithSource, homeownerContact } from '../project-detail/format';
import { jobFactRows } from '../project-detail/job-facts';
import { Detail, ProjectCardHeader } from './project-card-header';
import { useCardFocus } from './use-card-focus';

const NOT_SPECIFIED = 'Not specified';

/** How long the match has waited for an answer, and the response target (issue 23). */
function MatchClock({ project }: { project: Project }) {
  const { matchResponseHours } = usePublicConfig();
  const now = useNow(60_000);
  const wait = matchWait(project.assignedAt, now, matchResponseHours);
  if (!wait) return null;
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 text-sm',
        wait.overdue ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
      data-testid="match-clock"
    >
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <span>{wait.waitedText}</span>
      <span aria-hidden="true">·</span>
      <span>{wait.dueText}</span>
    </p>
  );
}

/**
 * A New Matches card (spec 2 §2): the job's details and the homeowner's contact, with Accept
 * Project and View Details; how long the match has waited, and Decline (issue 23).
 */
export function MatchedProjectCard({
  project,
  accepting,
  onAccept,
  onDecline,
  onFocusLost,
}: {
  project: Project;
  accepting: boolean;
  onAccept: (project: Project) => void;
  onDecline: (project: Project) => void;
  onFocusLost?: () => void;
}) {
  const id = useId();
  const ref = useCardFocus<HTMLDivElement>({ onFocusLost, titleId: `${id}-title` });
  const h = homeownerContact(project);
  const facts = jobFactRows(project).filter(([label]) => label !== 'Roof area');
  return (
    <Card ref={ref} role="article" aria-labelledby={`${id}-title`} data-project-id={project.id}>
      <CardHeader className="pb-4">
        <ProjectCardHeader project={project} titleId={`${id}-title`} />
        <MatchClock project={project} />
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby={`${id}-details`} className="grid content-start gap-3">
          <h4 id={`${id}-details`} className="text-sm font-semibold">
            Project Details
          </h4>
          <dl className="grid grid-cols-2 gap-3">
            <Detail label="Roof Area">{formatRoofAreaWithSource(project, NOT_SPECIFIED)}</Detail>
            <Detail label="Roof Type">{project.roofType || NOT_SPECIFIED}</Detail>
            <Detail label="Material Preference">{project.materialPreference || NOT_SPECIFIED}</Detail>
            <Detail label="Your Payment">
              {project.contractorPaymentAmount != null
                ? formatCentsShort(project.contractorPaymentAmount)
                : NOT_SPECIFIED}
            </Detail>
            {facts.map(([label, value]) => (
              <Detail key={label} label={label}>
                {value}
              </Detail>
            ))}
          </dl>
          {project.reportUrl ? (
            <a
              className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
              href={project.reportUrl}
              target="_blank"
              rel="noopener"
            >
              <FileText aria-hidden="true" className="size-4" />
              {jobFileMessages.reportLabel} (PDF)
            </a>
          ) : null}
        </section>
        <section aria-labelledby={`${id}-homeowner`} className="grid content-start gap-3">
          <h4 id={`${id}-homeowner`} className="text-sm font-semibold">
            Homeowner
          </h4>
          <dl className="grid gap-3">
            <Detail label="Name">{h.name || NOT_SPECIFIED}</Detail>
            <Detail label="Email">
              {h?.email ? (
                <a
                  className="text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                  href={`mailto:${h.email}`}
                >
                  {h.email}
                </a>
              ) : (
                NOT_SPECIFIED
              )}
            </Detail>
            <Detail label="Phone">
              {h?.phone ? (
                <a
                  className="text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                  href={`tel:${h.phone}`}
                >
                  {h.phone}
                </a>
              ) : (
                NOT_SPECIFIED
              )}
            </Detail>
          </dl>
        </section>
      </CardContent>
      <CardFooter className="flex-col gap-2 sm:flex-row">
        <Button className="w-full sm:w-auto" disabled={accepting} onClick={() => onAccept(project)}>
          {accepting ? 'Accepting...' : 'Accept Project'}
        </Button>
        <Button variant="outline" className="w-full sm:w-auto" asChild>
          <Link href={`/project/${project.id}`}>View Details</Link>
        </Button>
        <Button
          variant="ghost"
          className="w-full text-destructive hover:text-destructive sm:ml-auto sm:w-auto"
          disabled={accepting}
          onClick={() => onDecline(project)}
        >
          Decline
        </Button>
      </CardFooter>
    </Card>
  );
}
