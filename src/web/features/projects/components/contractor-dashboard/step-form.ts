// Relative imports only: the unit tests load this file without the bundler's aliases.
import { z } from 'zod';
import type { ProjectUpdateInput } from '../../../../../domain/projects/change-schemas';
import { crewDateMessages, TIME_PATTERN } from '../../../../../domain/projects/crew-date';
import type { Project } from '../../../../../domain/projects/schemas';
import {
  type MaterialStatus,
  materialStatuses,
  type PermitStatus,
  permitStatuses,
} from '../../../../../domain/projects/workflow';
import { type WorkflowStepKey, workflowSteps } from '../../../../../domain/projects/workflow-steps';

/**
 * The pure parts of the six Update dialogs (spec 2 §2, §4, §5): the form's values prefilled
 * from the project, which fields each step shows for the values chosen, and the update to send
 * (only the step's fields that changed).
 */

const dayMessage = 'Please choose a valid date';
/** A day as the date input gives it ('2026-05-14'), or empty. */
const day = z.union([z.literal(''), z.iso.date({ error: dayMessage })], { error: dayMessage });
const notes = z.string().max(2000, { error: 'Please keep notes under 2,000 characters' });
const shortText = z.string().max(200, { error: 'Please keep this under 200 characters' });
/** A time as the time input gives it ('08:00'), or empty. */
const time = z.union([z.literal(''), z.string().regex(TIME_PATTERN, { error: crewDateMessages.time })], {
  error: crewDateMessages.time,
});

export const stepFormSchema = z.object({
  homeownerContactCompleted: z.boolean(),
  homeownerContactDate: day,
  homeownerContactNotes: notes,
  materialSelectionCompleted: z.boolean(),
  materialSelectionDate: day,
  selectedMaterial: shortText,
  homeownerSignatureConfirmed: z.boolean(),
  homeownerSignatureDate: day,
  signatureDocument: shortText,
  permitStatus: z.enum(permitStatuses, { error: 'Please choose a permit status' }),
  permitApplicationDate: day,
  permitIssuedDate: day,
  permitNotes: notes,
  materialStatus: z.enum(materialStatuses, { error: 'Please choose a material status' }),
  materialOrderedDate: day,
  materialDeliveryDate: day,
  materialDeliveredDate: day,
  materialNotes: notes,
  crewScheduled: z.boolean(),
  crewScheduledDate: day,
  crewArrivalStart: time,
  crewArrivalEnd: time,
  crewScheduledNotes: notes,
  installCompleted: z.boolean(),
  installCompletedDate: day,
  installNotes: notes,
});
export type StepFormValues = z.infer<typeof stepFormSchema>;
export type StepField = keyof StepFormValues;

const DATE_FIELDS = [
  'homeownerContactDate',
  'materialSelectionDate',
  'homeownerSignatureDate',
  'permitApplicationDate',
  'permitIssuedDate',
  'materialOrderedDate',
  'materialDeliveryDate',
  'materialDeliveredDate',
  'crewScheduledDate',
  'installCompletedDate',
] as const satisfies readonly StepField[];
type DateField = (typeof DATE_FIELDS)[number];

const TEXT_FIELDS = [
  'homeownerContactNotes',
  'selectedMaterial',
  'signatureDocument',
  'permitNotes',
  'materialNotes',
  'crewScheduledNotes',
  'crewArrivalStart',
  'crewArrivalEnd',
  'installNotes',
] as const satisfies readonly StepField[];
type TextField = (typeof TEXT_FIELDS)[number];

const isDateField = (f: StepField): f is DateField => (DATE_FIELDS as readonly string[]).includes(f);
const isTextField = (f: StepField): f is TextField => (TEXT_FIELDS as readonly string[]).includes(f);

/**
 * Dates the server stamps itself when none is chosen (spec 2 §4 'Date stamping on save'): an
 * empty field means "today, or the date it already has", so it is not sent. The expected
 * delivery date is the only one that is plain data: emptied, it is cleared.
 */
const STAMPED_DATES = new Set<StepField>(DATE_FIELDS.filter((f) => f !== 'materialDeliveryDate'));

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of an ISO moment, as a date input shows it; '' for none. */
export function dayInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * A chosen day as the moment sent to the server: local noon, so the day reads the same in every
 * time zone of the product's markets (midnight UTC would show as the day before in the US).
 */
export function dayToIso(dayText: string): string {
  const [y, m, d] = dayText.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12).toISOString();
}

/** The project's workflow fields, as the form holds them. */
export type StepFormProject = Pick<Project, StepField>;

/** The dialog opens prefilled from the project's current values (spec 2 §2). */
export function stepFormDefaults(p: StepFormProject): StepFormValues {
  const values = {} as Record<StepField, unknown>;
  for (const key of Object.keys(stepFormSchema.shape) as StepField[]) {
    const v = p[key];
    if (isDateField(key)) values[key] = dayInputValue(v as string | null);
    else if (isTextField(key)) values[key] = (v as string | null) ?? '';
    else values[key] = v;
  }
  return values as StepFormValues;
}

const PERMIT_DATE: Partial<Record<PermitStatus, DateField>> = {
  applied: 'permitApplicationDate',
  issued: 'permitIssuedDate',
};
const MATERIAL_DATES: Record<MaterialStatus, readonly DateField[]> = {
  not_ordered: [],
  ordered: ['materialOrderedDate', 'materialDeliveryDate'],
  delivered: ['materialDeliveredDate'],
};

/**
 * The fields a step's dialog shows for the values chosen (spec 2 §5): the selected material only
 * when material selection is completed; a date only when its checkbox or status is set (permit:
 * applied or issued; material: ordered or delivered).
 */
export function visibleStepFields(step: WorkflowStepKey, v: StepFormValues): StepField[] {
  switch (step) {
    case 'homeowner_contact':
      return [
        'homeownerContactCompleted',
        ...(v.homeownerContactCompleted ? (['homeownerContactDate'] as const) : []),
        'homeownerContactNotes',
      ];
    case 'material_selection':
      return [
        'materialSelectionCompleted',
        ...(v.materialSelectionCompleted ? (['materialSelectionDate', 'selectedMaterial'] as const) : []),
        'homeownerSignatureConfirmed',
        ...(v.homeownerSignatureConfirmed ? (['homeownerSignatureDate', 'signatureDocument'] as const) : []),
      ];
    case 'permit_status': {
      const date = PERMIT_DATE[v.permitStatus];
      return ['permitStatus', ...(date ? [date] : []), 'permitNotes'];
    }
    case 'material_order':
      return ['materialStatus', ...MATERIAL_DATES[v.materialStatus], 'materialNotes'];
    case 'crew_scheduled':
      return [
        'crewScheduled',
        ...(v.crewScheduled ? (['crewScheduledDate', 'crewArrivalStart', 'crewArrivalEnd'] as const) : []),
        'crewScheduledNotes',
      ];
    case 'install_completed':
      return [
        'installCompleted',
        ...(v.installCompleted ? (['installCompletedDate'] as const) : []),
        'installNotes',
      ];
  }
}

/** A step's update: the shown fields of that step that differ from the prefill; {} when nothing changed. */
export function stepPatch(step: WorkflowStepKey, initial: StepFormValues, values: StepFormValues) {
  const patch: Record<string, unknown> = {};
  const ownFields = new Set<string>(workflowSteps[step].fields);
  for (const field of visibleStepFields(step, values)) {
    if (!ownFields.has(field)) continue;
    const before = initial[field];
    const after = values[field];
    if (isDateField(field)) {
      const chosen = (after as string).trim();
      if (chosen === (before as string)) continue;
      if (chosen) patch[field] = dayToIso(chosen);
      else if (!STAMPED_DATES.has(field)) patch[field] = null;
    } else if (isTextField(field)) {
      const text = (after as string).trim();
      if (text === (before as string).trim()) continue;
      patch[field] = text === '' ? null : text;
    } else if (after !== before) {
      patch[field] = after;
    }
  }
  return patch as Omit<ProjectUpdateInput, 'status' | 'contractorId' | 'updatedAt'>;
}

export type FieldKind = 'check' | 'date' | 'time' | 'permit' | 'material' | 'text' | 'notes';

/** Each field of the step dialog: how it is shown, and its label. */
export const fieldInfo: Record<StepField, { kind: FieldKind; label: string }> = {
  homeownerContactCompleted: { kind: 'check', label: 'Homeowner contacted' },
  homeownerContactDate: { kind: 'date', label: 'Contact date' },
  homeownerContactNotes: { kind: 'notes', label: 'Notes' },
  materialSelectionCompleted: { kind: 'check', label: 'Material selection completed' },
  materialSelectionDate: { kind: 'date', label: 'Selection date' },
  selectedMaterial: { kind: 'text', label: 'Selected material' },
  homeownerSignatureConfirmed: { kind: 'check', label: 'Homeowner signature confirmed' },
  homeownerSignatureDate: { kind: 'date', label: 'Signature date' },
  signatureDocument: { kind: 'text', label: 'Signed contract (file name)' },
  permitStatus: { kind: 'permit', label: 'Permit status' },
  permitApplicationDate: { kind: 'date', label: 'Application date' },
  permitIssuedDate: { kind: 'date', label: 'Issued date' },
  permitNotes: { kind: 'notes', label: 'Notes' },
  materialStatus: { kind: 'material', label: 'Material status' },
  materialOrderedDate: { kind: 'date', label: 'Order date' },
  materialDeliveryDate: { kind: 'date', label: 'Expected delivery date' },
  materialDeliveredDate: { kind: 'date', label: 'Delivered date' },
  materialNotes: { kind: 'notes', label: 'Notes' },
  crewScheduled: { kind: 'check', label: 'Crew scheduled' },
  crewScheduledDate: { kind: 'date', label: 'Crew date' },
  crewArrivalStart: { kind: 'time', label: 'Arrival window from (optional)' },
  crewArrivalEnd: { kind: 'time', label: 'Arrival window to (optional)' },
  crewScheduledNotes: { kind: 'notes', label: 'Notes' },
  installCompleted: { kind: 'check', label: 'Installation completed' },
  installCompletedDate: { kind: 'date', label: 'Completion date' },
  installNotes: { kind: 'notes', label: 'Notes' },
};

/** Dates the server fills in with today when left empty (the expected delivery is not one of them). */
