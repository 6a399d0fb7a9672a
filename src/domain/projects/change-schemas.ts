import { z } from 'zod';
import { multiLine, oneLine } from '../text-safety';
import { crewDateMessages, TIME_PATTERN } from './crew-date';
import { materialStatuses, permitStatuses, projectMessages, projectStatuses } from './workflow';

/**
 * The bodies that change a project (spec 2 §7's PUT /api/projects/{id}: assign, accept, the
 * workflow) and the contractor's answer to a match (POST /api/projects/{id}/decline). The project
 * as the API answers it, its creation and its files are in schemas.ts.
 */

const isoDateTime = z.iso.datetime({ offset: true });

const dateMessage = 'Please choose a valid date';
/** A chosen date: a day ('2026-05-14') or a moment (ISO 8601); null clears it. */
const dateInput = z.union([isoDateTime, z.iso.date()], { error: dateMessage }).nullable().optional();
const note = z
  .string()
  .trim()
  .max(2000, { error: 'Please keep notes under 2,000 characters' })
  .check(multiLine())
  .nullable()
  .optional();
const shortText = z
  .string()
  .trim()
  .max(200, { error: 'Please keep this under 200 characters' })
  .check(oneLine())
  .nullable()
  .optional();

/** An arrival time as the time input gives it ('08:00'); empty clears it. */
const arrivalTime = z
  .union([z.literal(''), z.string().regex(TIME_PATTERN, { error: crewDateMessages.time })], {
    error: crewDateMessages.time,
  })
  .nullable()
  .optional();

export const workflowPatchShape = {
  homeownerContactCompleted: z.boolean().optional(),
  homeownerContactDate: dateInput,
  homeownerContactNotes: note,
  materialSelectionCompleted: z.boolean().optional(),
  materialSelectionDate: dateInput,
  selectedMaterial: shortText,
  homeownerSignatureConfirmed: z.boolean().optional(),
  homeownerSignatureDate: dateInput,
  signatureDocument: shortText,
  permitStatus: z.enum(permitStatuses, { error: 'Please choose a permit status' }).optional(),
  permitApplicationDate: dateInput,
  permitIssuedDate: dateInput,
  permitNotes: note,
  materialStatus: z.enum(materialStatuses, { error: 'Please choose a material status' }).optional(),
  materialOrderedDate: dateInput,
  materialDeliveryDate: dateInput,
  materialDeliveredDate: dateInput,
  materialNotes: note,
  crewScheduled: z.boolean().optional(),
  crewScheduledDate: dateInput,
  crewArrivalStart: arrivalTime,
  crewArrivalEnd: arrivalTime,
  crewScheduledNotes: note,
  installCompleted: z.boolean().optional(),
  installCompletedDate: dateInput,
  installNotes: note,
};

/**
 * One body for the three uses of spec 2 §7: the changed step fields (plus updatedAt, which the
 * server sets itself and ignores); or contractorId with status 'matched' (an admin assigns); or
 * status 'in_progress' (the assigned contractor accepts). The server decides which from the body.
 */
export const projectUpdateSchema = z
  .object({
    ...workflowPatchShape,
    status: z.enum(projectStatuses, { error: 'Please choose a valid status' }).optional(),
    contractorId: z.uuid({ error: projectMessages.contractorNotFound }).optional(),
    updatedAt: z.union([isoDateTime, z.iso.date()]).optional(),
  })
  .meta({ id: 'ProjectUpdate' });
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;

// ---------------------------------------------------------------- POST /api/projects/{id}/decline

/** POST /api/projects/{id}/decline: the assigned contractor turns a new match down, saying why. */
export const projectDeclineSchema = z
  .object({
    reason: z
      .string({ error: projectMessages.declineReason })
      .trim()
      .min(1, { error: projectMessages.declineReason })
      .max(1000, { error: projectMessages.declineReasonTooLong })
      .check(multiLine()),
  })
  .meta({ id: 'ProjectDecline' });
export type ProjectDecline = z.infer<typeof projectDeclineSchema>;

export const projectDeclineResultSchema = z
  .object({ message: z.string(), projectId: z.string(), status: z.literal('pending') })
  .meta({ id: 'ProjectDeclineResult' });
export type ProjectDeclineResult = z.infer<typeof projectDeclineResultSchema>;
