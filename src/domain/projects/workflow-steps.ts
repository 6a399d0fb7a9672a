/**
 * The contractor dashboard's six workflow steps, both progress formulas and the tracker's
 * stages (spec 2 §4, §9).
 */
import type { WorkflowPatch, WorkflowState } from './workflow';

// ---------------------------------------------------------------- the six steps (contractor dashboard)

export const workflowStepKeys = [
  'homeowner_contact',
  'material_selection',
  'permit_status',
  'material_order',
  'crew_scheduled',
  'install_completed',
] as const;
export type WorkflowStepKey = (typeof workflowStepKeys)[number];

export const workflowSteps: Record<
  WorkflowStepKey,
  { label: string; dialogTitle: string; fields: readonly (keyof WorkflowState)[] }
> = {
  homeowner_contact: {
    label: 'Homeowner Contact',
    dialogTitle: 'Update Homeowner Contact',
    fields: ['homeownerContactCompleted', 'homeownerContactDate', 'homeownerContactNotes'],
  },
  material_selection: {
    label: 'Material Selection',
    dialogTitle: 'Update Material Selection',
    fields: [
      'materialSelectionCompleted',
      'materialSelectionDate',
      'selectedMaterial',
      'homeownerSignatureConfirmed',
      'homeownerSignatureDate',
      'signatureDocument',
    ],
  },
  permit_status: {
    label: 'Permit Status',
    dialogTitle: 'Update Permit Status',
    fields: ['permitStatus', 'permitApplicationDate', 'permitIssuedDate', 'permitNotes'],
  },
  material_order: {
    label: 'Material Order',
    dialogTitle: 'Update Material Order',
    fields: [
      'materialStatus',
      'materialOrderedDate',
      'materialDeliveryDate',
      'materialDeliveredDate',
      'materialNotes',
    ],
  },
  crew_scheduled: {
    label: 'Crew Scheduled',
    dialogTitle: 'Update Crew Schedule',
    fields: [
      'crewScheduled',
      'crewScheduledDate',
      'crewArrivalStart',
      'crewArrivalEnd',
      'crewScheduledNotes',
    ],
  },
  install_completed: {
    label: 'Install Completed',
    dialogTitle: 'Update Installation Status',
    fields: ['installCompleted', 'installCompletedDate', 'installNotes'],
  },
};

/** Every field a workflow update may carry. */
export const workflowFieldNames = workflowStepKeys.flatMap((k) => workflowSteps[k].fields);

type StepState = Pick<
  WorkflowState,
  | 'homeownerContactCompleted'
  | 'materialSelectionCompleted'
  | 'permitStatus'
  | 'materialStatus'
  | 'crewScheduled'
  | 'installCompleted'
>;

/** Which of the dashboard's six steps are done (spec 2 §4 'Contractor dashboard progress'). */
export function dashboardStepsDone(p: StepState): Record<WorkflowStepKey, boolean> {
  return {
    homeowner_contact: p.homeownerContactCompleted,
    material_selection: p.materialSelectionCompleted,
    permit_status: p.permitStatus === 'issued' || p.permitStatus === 'not_required',
    material_order: p.materialStatus === 'delivered',
    crew_scheduled: p.crewScheduled,
    install_completed: p.installCompleted,
  };
}

/** Done steps out of 6, as a whole percent (the dashboard's progress bar). */
export function dashboardProgressPercent(p: StepState): number {
  const done = Object.values(dashboardStepsDone(p)).filter(Boolean).length;
  return Math.round((done / 6) * 100);
}

// ---------------------------------------------------------------- the tracker's six stages

export const trackerStageKeys = [
  'homeowner_contact',
  'material_selection',
  'contract_signature',
  'permits',
  'material_delivery',
  'installation',
] as const;
export type TrackerStageKey = (typeof trackerStageKeys)[number];
export type StageState = 'completed' | 'in_progress' | 'pending';

export const trackerStages: Record<
  TrackerStageKey,
  { label: string; contractor: string; homeowner: string }
> = {
  homeowner_contact: {
    label: 'Homeowner Contact',
    contractor: 'Contact the homeowner to introduce yourself and plan the job.',
    homeowner: 'Your contractor gets in touch to introduce themselves and plan the work with you.',
  },
  material_selection: {
    label: 'Material Selection',
    contractor: 'Agree the roofing material with the homeowner.',
    homeowner: 'You choose the roofing material with your contractor.',
  },
  contract_signature: {
    label: 'Contract Signature',
    contractor: "Get the homeowner's signature on the contract.",
    homeowner: 'You sign the contract for the work.',
  },
  permits: {
    label: 'Permits & Approvals',
    contractor: 'Apply for the building permit, or confirm none is required.',
    homeowner: 'Your contractor obtains the building permit your town requires.',
  },
  material_delivery: {
    label: 'Material Delivery',
    contractor: 'Order the materials and confirm their delivery to the site.',
    homeowner: 'Your roofing materials are ordered and delivered to your home.',
  },
  installation: {
    label: 'Installation Complete',
    contractor: 'Install the roof and mark the job complete.',
    homeowner: 'Your new roof is installed and the job is complete.',
  },
};

/** Each stage's state (spec 2 §4 'Tracker stage completion'). */
export function trackerStageStates(p: StepState & Pick<WorkflowState, 'homeownerSignatureConfirmed'>) {
  const states: Record<TrackerStageKey, StageState> = {
    homeowner_contact: p.homeownerContactCompleted ? 'completed' : 'pending',
    material_selection: p.materialSelectionCompleted ? 'completed' : 'pending',
    contract_signature: p.homeownerSignatureConfirmed ? 'completed' : 'pending',
    permits:
      p.permitStatus === 'issued' || p.permitStatus === 'not_required'
        ? 'completed'
        : p.permitStatus === 'applied'
          ? 'in_progress'
          : 'pending',
    material_delivery:
      p.materialStatus === 'delivered'
        ? 'completed'
        : p.materialStatus === 'ordered'
          ? 'in_progress'
          : 'pending',
    installation: p.installCompleted ? 'completed' : 'pending',
  };
  return states;
}

/** Completed stages out of 6, as a whole percent; 100 shows 'Project completed!'. */
export function trackerProgressPercent(p: Parameters<typeof trackerStageStates>[0]): number {
  const done = Object.values(trackerStageStates(p)).filter((s) => s === 'completed').length;
  return Math.round((done / 6) * 100);
}

/** The tracker's update of one stage: the fields it sets (the choices the spec offers). */
export function trackerStageUpdate(
  stage: TrackerStageKey,
  choice?: 'issued' | 'not_required' | 'ordered' | 'delivered',
): WorkflowPatch {
  switch (stage) {
    case 'homeowner_contact':
      return { homeownerContactCompleted: true };
    case 'material_selection':
      return { materialSelectionCompleted: true };
    case 'contract_signature':
      return { homeownerSignatureConfirmed: true };
    case 'permits':
      return { permitStatus: choice === 'not_required' ? 'not_required' : 'issued' };
    case 'material_delivery':
      return { materialStatus: choice === 'ordered' ? 'ordered' : 'delivered' };
    case 'installation':
      return { installCompleted: true };
  }
}
