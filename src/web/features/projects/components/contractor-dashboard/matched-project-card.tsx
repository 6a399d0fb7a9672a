import { formatCentsShort } from '@domain/payments/money';
import type { Project } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@web/components/ui/card';
import { useId } from 'react';
import { Link } from 'wouter';
import { Detail, ProjectCardHeader } from './project-card-header';
import { useCardFocus } from './use-card-focus';

const NOT_SPECIFIED = 'Not specified';

/**
 * A New Matches card (spec 2 §2): the job's details and the homeowner's contact, with Accept
 * Project and View Details.
 */
export function MatchedProjectCard({
  project,
  accepting,
  onAccept,
  onFocusLost,
}: {
  project: Project;
  accepting: boolean;
  onAccept: (project: Project) => void;
  onFocusLost?: () => void;
}) {
  const id = useId();
  const ref = useCardFocus<HTMLDivElement>({ onFocusLost, titleId: `${id}-title` });
  const h = project.homeowner;
  const name = [h?.firstName, h?.lastName].filter(Boolean).join(' ');
  return (
    <Card ref={ref} role="article" aria-labelledby={`${id}-title`} data-project-id={project.id}>
      <CardHeader className="pb-4">
        <ProjectCardHeader project={project} titleId={`${id}-title`} />
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby={`${id}-details`} className="grid content-start gap-3">
          <h4 id={`${id}-details`} className="text-sm font-semibold">
            Project Details
          </h4>
          <dl className="grid grid-cols-2 gap-3">
            <Detail label="Roof Area">
              {project.roofArea != null ? `${project.roofArea.toLocaleString('en-US')} sq ft` : NOT_SPECIFIED}
            </Detail>
            <Detail label="Roof Type">{project.roofType || NOT_SPECIFIED}</Detail>
            <Detail label="Material Preference">{project.materialPreference || NOT_SPECIFIED}</Detail>
            <Detail label="Your Payment">
              {project.contractorPaymentAmount != null
                ? formatCentsShort(project.contractorPaymentAmount)
                : NOT_SPECIFIED}
            </Detail>
          </dl>
        </section>
        <section aria-labelledby={`${id}-homeowner`} className="grid content-start gap-3">
          <h4 id={`${id}-homeowner`} className="text-sm font-semibold">
            Homeowner
          </h4>
          <dl className="grid gap-3">
            <Detail label="Name">{name || NOT_SPECIFIED}</Detail>
            <Detail label="Email">
              {h?.email ? (
                <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${h.email}`}>
                  {h.email}
                </a>
              ) : (
                NOT_SPECIFIED
              )}
            </Detail>
            <Detail label="Phone">
              {h?.phone ? (
                <a className="text-primary underline-offset-4 hover:underline" href={`tel:${h.phone}`}>
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
      </CardFooter>
    </Card>
  );
}
