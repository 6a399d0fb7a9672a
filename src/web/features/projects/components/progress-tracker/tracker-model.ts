/**
 * What each stage of the progress tracker offers and says: the assigned contractor's choices on a
 * stage, the update each sends, the date and detail a stage shows once it has moved, and why the
 * steps are not moving yet.
 */
import type { ProjectUpdateInput } from '@domain/projects/change-schemas';
import type { Project } from '@domain/projects/schemas';
import { projectMessages } from '@domain/projects/workflow';
import {
  type StageState,
  type TrackerStageKey,
  trackerStages,
  trackerStageUpdate,
} from '@domain/projects/workflow-steps';
import { formatDay } from '../project-detail/format';

type Choice = Parameters<typeof trackerStageUpdate>[1];

interface StageAction {
  choice?: Choice;
  label: string;
  /** The 'Project Updated' toast's sentence once the server took it. */
  done: string;
}

/** What the assigned contractor may do on a stage not yet completed (spec 2 §4: the tracker's choices). */
export function stageActions(stage: TrackerStageKey, state: StageState): StageAction[] {
  switch (stage) {
    case 'permits':
      return [
        { choice: 'issued', label: 'Permit Issued', done: 'The permit is marked as issued.' },
        { choice: 'not_required', label: 'Not Required', done: 'The permit is marked as not required.' },
      ];
    case 'material_delivery':
      return [
        ...(state === 'in_progress'
          ? []
          : [
              {
                choice: 'ordered' as const,
                label: 'Mark Ordered',
                done: 'The materials are marked as ordered.',
              },
            ]),
        { choice: 'delivered', label: 'Mark Delivered', done: 'The materials are marked as delivered.' },
      ];
    case 'installation':
      return [{ label: 'Mark Complete', done: 'The installation is complete and so is the project.' }];
    default:
      return [{ label: 'Mark Complete', done: `${trackerStages[stage].label} is marked complete.` }];
  }
}

/** A stage's update as sent: it sets only flags and statuses (no dates: the server stamps them). */
export function stageInput(stage: TrackerStageKey, choice: Choice): ProjectUpdateInput {
  return trackerStageUpdate(stage, choice) as ProjectUpdateInput;
}

/** The date and detail a stage shows once it has moved (e.g. 'Delivered May 14, 2026'). */
export function stageDetail(stage: TrackerStageKey, project: Project): string | null {
  const on = (iso: string | null) => (iso ? ` ${formatDay(iso, '')}` : '');
  switch (stage) {
    case 'homeowner_contact':
      return project.homeownerContactCompleted ? `Completed${on(project.homeownerContactDate)}` : null;
    case 'material_selection':
      if (!project.materialSelectionCompleted) return null;
      return `Completed${on(project.materialSelectionDate)}${project.selectedMaterial ? ` · ${project.selectedMaterial}` : ''}`;
    case 'contract_signature':
      return project.homeownerSignatureConfirmed ? `Signed${on(project.homeownerSignatureDate)}` : null;
    case 'permits':
      if (project.permitStatus === 'issued') return `Permit issued${on(project.permitIssuedDate)}`;
      if (project.permitStatus === 'not_required') return 'No permit required';
      if (project.permitStatus === 'applied') return `Applied${on(project.permitApplicationDate)}`;
      return null;
    case 'material_delivery':
      if (project.materialStatus === 'delivered') return `Delivered${on(project.materialDeliveredDate)}`;
      if (project.materialStatus === 'ordered') return `Ordered${on(project.materialOrderedDate)}`;
      return null;
    case 'installation':
      return project.installCompleted ? `Completed${on(project.installCompletedDate)}` : null;
  }
}

/** Why the steps are not moving yet, in the viewer's words; null while the work is under way. */
export function statusNote(project: Project, isAssignedContractor: boolean): string | null {
  switch (project.status) {
    case 'cancelled':
      return projectMessages.workflowClosed;
    case 'pending':
      return 'We are matching this project with a verified contractor. The steps start once a contractor accepts it.';
    case 'matched':
      return isAssignedContractor
        ? 'This project is waiting for you. Accept it to start its workflow.'
        : 'A contractor has been assigned. The steps start once they accept the project.';
    default:
      return null;
  }
}
