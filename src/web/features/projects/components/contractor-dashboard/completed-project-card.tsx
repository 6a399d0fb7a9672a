import { formatCentsShort } from '@domain/payments/money';
import type { Project } from '@domain/projects/schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@web/components/ui/card';
import { Download, Images } from 'lucide-react';
import { useId } from 'react';
import { ViewPhotosDialog } from '../files/view-photos-dialog';
import { contractorPaymentCents } from './dashboard-summary';
import { formatDay } from './format';
import { Detail, ProjectCardHeader } from './project-card-header';
import { useCardFocus } from './use-card-focus';
import { useReturningDialog } from './use-returning-dialog';

/**
 * A Completed card (spec 2 §2): completion date, payment and photos, with View Photos and Export
 * (a CSV of this one project).
 */
export function CompletedProjectCard({
  project,
  onExport,
  onFocusLost,
}: {
  project: Project;
  onExport: (project: Project) => void;
  onFocusLost?: () => void;
}) {
  const id = useId();
  const ref = useCardFocus<HTMLDivElement>({ onFocusLost, titleId: `${id}-title` });
  const payment = contractorPaymentCents(project);
  const photos = project.installPhotos.length;
  const viewer = useReturningDialog();
  return (
    <Card ref={ref} role="article" aria-labelledby={`${id}-title`} data-project-id={project.id}>
      <CardHeader className="pb-4">
        <ProjectCardHeader project={project} titleId={`${id}-title`} />
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Detail label="Completed">
            {project.completionDate ? formatDay(project.completionDate) : 'N/A'}
          </Detail>
          <Detail label="Payment">{payment != null ? formatCentsShort(payment) : 'N/A'}</Detail>
          <Detail label="Photos">{photos === 1 ? '1 photo uploaded' : `${photos} photos uploaded`}</Detail>
        </dl>
      </CardContent>
      <CardFooter className="flex-col gap-2 sm:flex-row">
        <Button ref={viewer.buttonRef} variant="outline" className="w-full sm:w-auto" onClick={viewer.show}>
          <Images aria-hidden="true" />
          View Photos
        </Button>
        <Button variant="outline" className="w-full sm:w-auto" onClick={() => onExport(project)}>
          <Download aria-hidden="true" />
          Export
        </Button>
      </CardFooter>
      <ViewPhotosDialog project={project} open={viewer.open} onOpenChange={viewer.onOpenChange} />
    </Card>
  );
}
