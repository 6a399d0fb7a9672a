import { z } from 'zod';
import { oneLine } from '../text-safety';
import type { ProjectFile } from './schemas';
import { type WorkflowStepKey, workflowStepKeys, workflowSteps } from './workflow-steps';

/**
 * The photo log (issue 23 #9): a photo or image may carry the workflow step it shows and a
 * one-line caption, given at upload (multipart fields `step` and `caption` before the files they
 * describe) or changed later by its uploader or an admin (PATCH /api/projects/{id}/files/{fileId}).
 */

export const CAPTION_MAX_LENGTH = 200;

export const photoLogMessages = {
  step: `step is one of: ${workflowStepKeys.join(', ')}.`,
  captionTooLong: `A caption can be at most ${CAPTION_MAX_LENGTH} characters.`,
  captionNotText: 'A caption is text.',
  nothingToChange: 'Send a step or a caption to change.',
  documentsHaveNoStep: 'Only photos and images have a step and a caption.',
  editNotAllowed: 'Only the person who uploaded this photo or an admin can change it.',
  saved: 'Photo details saved.',
} as const;

export const photoStepSchema = z.enum(workflowStepKeys, { error: photoLogMessages.step });

/** A caption as stored: trimmed, one line, at most 200 characters; empty becomes null. */
export const captionSchema = z
  .string({ error: photoLogMessages.captionNotText })
  .trim()
  .max(CAPTION_MAX_LENGTH, { error: photoLogMessages.captionTooLong })
  .check(oneLine())
  .transform((v) => (v === '' ? null : v));

/** PATCH /api/projects/{id}/files/{fileId}: null clears a step or caption. */
export const projectFilePatchSchema = z
  .object({
    step: photoStepSchema.nullable().optional(),
    caption: captionSchema.nullable().optional(),
  })
  .strict()
  .refine((b) => b.step !== undefined || b.caption !== undefined, { error: photoLogMessages.nothingToChange })
  .meta({ id: 'ProjectFilePatch' });
export type ProjectFilePatch = z.infer<typeof projectFilePatchSchema>;

export interface PhotoLogStep {
  step: WorkflowStepKey;
  label: string;
  /** The step's photos, oldest first. */
  photos: ProjectFile[];
  /** The first and the latest photo (before / after), when the step has two or more. */
  before: ProjectFile | null;
  after: ProjectFile | null;
}

/** Photos and images of a project grouped per step in the steps' order; those without one last (step null). */
export function photoLog(files: readonly ProjectFile[]): {
  steps: PhotoLogStep[];
  unfiled: ProjectFile[];
} {
  const photos = files
    .filter((f) => f.kind !== 'document')
    .sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt));
  const steps: PhotoLogStep[] = [];
  for (const step of workflowStepKeys) {
    const mine = photos.filter((p) => p.step === step);
    if (mine.length === 0) continue;
    const two = mine.length >= 2;
    steps.push({
      step,
      label: workflowSteps[step].label,
      photos: mine,
      before: two ? (mine[0] ?? null) : null,
      after: two ? (mine.at(-1) ?? null) : null,
    });
  }
  return { steps, unfiled: photos.filter((p) => !p.step) };
}
