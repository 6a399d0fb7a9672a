import { type CloseoutViewer, closeoutStage, closeoutStageLabel } from '@domain/projects/closeout';
import type { Closeout } from '@domain/projects/closeout-schemas';
import type { Project } from '@domain/projects/schemas';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { Check, ClipboardCheck, Minus } from 'lucide-react';
import { useState } from 'react';
import { closeoutQuery, uploadCloseoutPhotos, useCloseoutAction } from '../../api/closeout';
import { CloseoutPhotos } from './closeout-photos';
import { InspectionForm } from './inspection-form';
import { NoteForm } from './note-form';
import { PunchList } from './punch-list';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The end of the job on the project page (issue 25 #1, #2): once the installation is completed,
 * the contractor's final inspection, the homeowner's acceptance or punch list, and the admins'
 * notes. Nothing is shown before completion.
 */
export function CloseoutPanel({ project, viewer }: { project: Project; viewer: CloseoutViewer }) {
  const stage = closeoutStage(project);
  const closeout = useQuery({ ...closeoutQuery(project.id), enabled: stage !== 'not_ready' });
  if (stage === 'not_ready') return null;
  return (
    <Card aria-labelledby="closeout-title" data-testid="closeout">
      <CardHeader className="pb-3">
        <CardTitle id="closeout-title" className="flex items-center gap-2 text-lg">
          <ClipboardCheck aria-hidden="true" className="size-5" />
          Final Inspection
        </CardTitle>
        <CardDescription>{closeoutStageLabel(stage, viewer)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {closeout.data ? (
          <CloseoutBody closeout={closeout.data} viewer={viewer} />
        ) : closeout.isError ? (
          <Alert variant="destructive">
            {errorMessage(closeout.error)}{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void closeout.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Spinner label="Loading the final inspection..." />
        )}
      </CardContent>
    </Card>
  );
}

function CloseoutBody({ closeout, viewer }: { closeout: Closeout; viewer: CloseoutViewer }) {
  const { stage, inspection, projectId } = closeout;
  const accepted = stage === 'accepted';
  return (
    <>
      {accepted && closeout.workAcceptedAt ? (
        <p role="status" className="font-medium text-emerald-800">
          Work accepted on {day(closeout.workAcceptedAt)}.
        </p>
      ) : null}
      {!inspection ? (
        viewer === 'contractor' ? (
          <InspectionForm projectId={projectId} />
        ) : (
          <p className="text-muted-foreground">
            {viewer === 'homeowner'
              ? 'Your contractor will walk the roof with the final inspection checklist. You will be asked to review it here.'
              : 'The contractor has not submitted the final inspection yet.'}
          </p>
        )
      ) : (
        <section aria-labelledby="inspection-title" className="grid gap-2">
          <h3 id="inspection-title" className="font-semibold">
            Checklist, submitted {day(inspection.submittedAt)}
          </h3>
          <ul className="grid gap-2">
            {inspection.items.map((item) => (
              <li key={item.key} className="grid gap-1 text-sm" data-testid="inspection-item">
                <span className="flex items-center gap-2 font-medium">
                  {item.checked ? (
                    <Check aria-hidden="true" className="size-4 text-emerald-700" />
                  ) : (
                    <Minus aria-hidden="true" className="size-4 text-muted-foreground" />
                  )}
                  {item.label}
                  <span className="sr-only">{item.checked ? ': done' : ': not applicable'}</span>
                </span>
                {item.note ? <p className="pl-6 [overflow-wrap:anywhere]">{item.note}</p> : null}
                <div className="pl-6">
                  <CloseoutPhotos photos={item.photos} label={`Photos of ${item.label}`} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <PunchList projectId={projectId} items={closeout.punchItems} viewer={viewer} accepted={accepted} />
      {viewer === 'homeowner' && (stage === 'awaiting_acceptance' || stage === 'punch_list_open') ? (
        <HomeownerDecision projectId={projectId} canAccept={stage === 'awaiting_acceptance'} />
      ) : null}
    </>
  );
}

/** The homeowner accepts the work, or reports an issue (a new punch-list item). */
function HomeownerDecision({ projectId, canAccept }: { projectId: string; canAccept: boolean }) {
  const [reporting, setReporting] = useState(false);
  const accept = useCloseoutAction(projectId);
  const report = useCloseoutAction(projectId);
  return (
    <section aria-label="Your decision" className="grid gap-3 border-t pt-4">
      {canAccept ? (
        <p>Everything as it should be? Accept the work, or report what needs fixing.</p>
      ) : (
        <p>Once every item is resolved, you can accept the work.</p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        {canAccept ? (
          <Button
            className="min-h-11 sm:min-h-9"
            disabled={accept.isPending}
            onClick={() =>
              accept.mutate(async () => ({ kind: 'accept' }), {
                onSuccess: (result) => toast({ title: 'Work accepted', description: result.message }),
              })
            }
          >
            {accept.isPending ? 'Accepting...' : 'Accept the Work'}
          </Button>
        ) : null}
        <Button
          variant="outline"
          className="min-h-11 sm:min-h-9"
          aria-expanded={reporting}
          onClick={() => {
            report.reset();
            setReporting((r) => !r);
          }}
        >
          Report an Issue
        </Button>
      </div>
      {accept.isError ? <Alert variant="destructive">{errorMessage(accept.error)}</Alert> : null}
      {reporting ? (
        <NoteForm
          label="What needs fixing"
          submitLabel="Send to the contractor"
          pendingLabel="Sending..."
          withPhotos
          pending={report.isPending}
          error={report.error}
          onCancel={() => setReporting(false)}
          onSubmit={(note, files) =>
            report.mutate(
              async () => ({
                kind: 'report',
                body: { note, photoIds: await uploadCloseoutPhotos(projectId, 'image', files) },
              }),
              {
                onSuccess: (result) => {
                  toast({ title: 'Issue reported', description: result.message });
                  setReporting(false);
                },
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
