import type { Project } from '@domain/projects/schemas';
import { type WorkflowStepKey, workflowSteps } from '@domain/projects/workflow-steps';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { lazy, Suspense, useState } from 'react';
import { projectAddress } from './format';

// the form (react-hook-form, its schema, the fields, the photo code) loads when a dialog first
// opens, or as the pointer or the focus reaches an Update button: not with the dashboard
const loadStepForm = () => import('./update-step-form');
const StepForm = lazy(loadStepForm);
const warm = () => void loadStepForm().catch(() => {});
/** A step tile's action button: 44 px tall and full width on a phone, compact from `sm` up. */
export const STEP_ACTION = 'h-11 w-full sm:h-9 sm:w-auto';

/**
 * A step tile's Update button and its dialog (spec 2 §2, §5). The dialog opens prefilled from the
 * project; Cancel or closing drops the draft (the form lives only while the dialog is open); the
 * trigger gets the focus back when it closes.
 */
export function UpdateStepDialog({ project, step }: { project: Project; step: WorkflowStepKey }) {
  const [open, setOpen] = useState(false);
  const { label, dialogTitle } = workflowSteps[step];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {/* the tile's one primary action: thumb-size (44 px) and full width on a phone */}
        <Button
          size="sm"
          className={STEP_ACTION}
          aria-label={`Update ${label}`}
          onPointerEnter={warm}
          onFocus={warm}
        >
          Update
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{dialogTitle}</DialogTitle>
          <DialogDescription className="grid gap-0.5">
            <span className="font-medium text-foreground">{project.title}</span>
            <span>{projectAddress(project)}</span>
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<p className="py-6 text-sm text-muted-foreground">Loading the form...</p>}>
          <StepForm project={project} step={step} onSaved={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
