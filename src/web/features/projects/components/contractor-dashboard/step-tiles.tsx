import type { Project } from '@domain/projects/schemas';
import { materialTones, permitTones, statusText } from '@domain/projects/status-badges';
import {
  dashboardStepsDone,
  type WorkflowStepKey,
  workflowStepKeys,
  workflowSteps,
} from '@domain/projects/workflow-steps';
import { cn } from '@web/lib/utils';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { ToneBadge } from '../project-status-badge';
import { formatDay } from './format';
import { UpdateStepDialog } from './update-step-dialog';

const NOT_SET = 'Not set';

/** One line of a tile: a label and its value. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const day = (iso: string | null) => (iso ? formatDay(iso) : NOT_SET);

/** Completed/Pending style state, green when done. */
function State({ done, children }: { done: boolean; children: ReactNode }) {
  return <span className={cn(done ? 'text-emerald-700' : 'text-amber-700')}>{children}</span>;
}

/** What each tile shows (spec 2 §2, the six step tiles). */
function stepLines(p: Project, step: WorkflowStepKey): ReactNode {
  switch (step) {
    case 'homeowner_contact':
      return (
        <>
          <Line label="Status">
            <State done={p.homeownerContactCompleted}>
              {p.homeownerContactCompleted ? 'Completed' : 'Pending'}
            </State>
          </Line>
          <Line label="Date">{day(p.homeownerContactDate)}</Line>
        </>
      );
    case 'material_selection':
      return (
        <>
          <Line label="Selection">
            <State done={p.materialSelectionCompleted}>
              {p.materialSelectionCompleted ? 'Complete' : 'Pending'}
            </State>
          </Line>
          <Line label="Signature">
            <State done={p.homeownerSignatureConfirmed}>
              {p.homeownerSignatureConfirmed ? 'Confirmed' : 'Pending'}
            </State>
          </Line>
          <Line label="Material">{p.selectedMaterial || NOT_SET}</Line>
        </>
      );
    case 'permit_status':
      return (
        <>
          <Line label="Status">
            <ToneBadge tone={permitTones[p.permitStatus]}>{statusText(p.permitStatus)}</ToneBadge>
          </Line>
          <Line label="Applied">{day(p.permitApplicationDate)}</Line>
          <Line label="Issued">{day(p.permitIssuedDate)}</Line>
        </>
      );
    case 'material_order':
      return (
        <>
          <Line label="Status">
            <ToneBadge tone={materialTones[p.materialStatus]}>{statusText(p.materialStatus)}</ToneBadge>
          </Line>
          <Line label="Ordered">{day(p.materialOrderedDate)}</Line>
          <Line label="Delivery">{day(p.materialDeliveryDate)}</Line>
          <Line label="Delivered">{day(p.materialDeliveredDate)}</Line>
        </>
      );
    case 'crew_scheduled':
      return (
        <>
          <Line label="Status">
            <State done={p.crewScheduled}>{p.crewScheduled ? 'Scheduled' : 'Not Scheduled'}</State>
          </Line>
          <Line label="Date">{day(p.crewScheduledDate)}</Line>
        </>
      );
    case 'install_completed':
      return (
        <>
          <Line label="Status">
            <State done={p.installCompleted}>{p.installCompleted ? 'Completed' : 'In Progress'}</State>
          </Line>
          <Line label="Date">{day(p.installCompletedDate)}</Line>
          <Line label="Photos">
            {p.installPhotos.length === 1 ? '1 photo' : `${p.installPhotos.length} photos`}
          </Line>
        </>
      );
  }
}

/**
 * The six step tiles of an active project, each with its Update dialog; the installation tile
 * also has the Photos button (`photosButton`).
 */
export function StepTiles({ project, photosButton }: { project: Project; photosButton?: ReactNode }) {
  const done = dashboardStepsDone(project);
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {workflowStepKeys.map((step, i) => (
        <li
          key={step}
          aria-label={workflowSteps[step].label}
          className={cn(
            'flex flex-col gap-3 rounded-lg border p-3',
            done[step] ? 'border-emerald-200 bg-emerald-50/60' : 'bg-muted/30',
          )}
        >
          <h4 className="flex items-center gap-2 text-sm font-semibold">
            {done[step] ? (
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
            ) : (
              <Circle aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            )}
            <span>
              <span className="sr-only">Step {i + 1}: </span>
              {workflowSteps[step].label}
            </span>
          </h4>
          <dl className="grid gap-1 text-sm">{stepLines(project, step)}</dl>
          <div className="mt-auto grid gap-2 sm:flex sm:flex-wrap">
            <UpdateStepDialog project={project} step={step} />
            {step === 'install_completed' ? photosButton : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
