import { z } from 'zod';
import { multiLine } from '../text-safety';
import { closeoutStages, inspectionItemKeys, inspectionItemLabels } from './closeout';
import { projectFileSchema } from './schemas';

/**
 * The closeout calls (issue 25 items 1-2): bodies and answers. Photos are project files uploaded
 * first through the project's own upload calls (the contractor's photos, the homeowner's images)
 * and named here by id.
 */

export const CLOSEOUT_NOTE_MAX = 1000;
export const CLOSEOUT_PHOTOS_MAX = 10;

const note = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(CLOSEOUT_NOTE_MAX, {
      error: `Please keep the note under ${CLOSEOUT_NOTE_MAX.toLocaleString('en-US')} characters.`,
    })
    .check(multiLine());

const photoIds = z
  .array(z.uuid({ error: 'A photo must be one of this project’s photos or images.' }), {
    error: 'photoIds is a list of photo ids.',
  })
  .max(CLOSEOUT_PHOTOS_MAX, { error: `Please attach at most ${CLOSEOUT_PHOTOS_MAX} photos.` })
  .default([]);

const inspectionItemInput = z.object({
  key: z.enum(inspectionItemKeys, { error: `key is one of: ${inspectionItemKeys.join(', ')}.` }),
  checked: z.boolean({ error: 'checked is true or false.' }),
  note: z
    .string()
    .trim()
    .max(CLOSEOUT_NOTE_MAX, { error: `Please keep the note under ${CLOSEOUT_NOTE_MAX} characters.` })
    .check(multiLine())
    .nullish()
    .transform((v) => (v ? v : null)),
  photoIds,
});

/**
 * POST /api/projects/{id}/closeout/inspection: every checklist item once, each checked or, when
 * it does not apply (no gutters), with a note saying why.
 */
export const inspectionSubmitSchema = z
  .object({ items: z.array(inspectionItemInput).max(inspectionItemKeys.length * 2) })
  .superRefine((body, ctx) => {
    for (const key of inspectionItemKeys) {
      const found = body.items.filter((i) => i.key === key);
      const label = inspectionItemLabels[key];
      if (found.length !== 1) {
        ctx.addIssue({ code: 'custom', path: ['items'], message: `${label}: send this item once.` });
      } else if (!found[0]?.checked && !found[0]?.note) {
        ctx.addIssue({
          code: 'custom',
          path: ['items'],
          message: `${label}: check it, or say in a note why it does not apply.`,
        });
      }
    }
  })
  .meta({ id: 'InspectionSubmit' });
export type InspectionSubmit = z.output<typeof inspectionSubmitSchema>;
export type InspectionSubmitInput = z.input<typeof inspectionSubmitSchema>;

/** POST .../punch-items (homeowner reports an issue) and .../resolve (contractor or admin). */
export const punchNoteWithPhotosSchema = z
  .object({ note: note('Please describe the issue.'), photoIds })
  .meta({ id: 'PunchItemNote' });
export type PunchNoteWithPhotos = z.output<typeof punchNoteWithPhotosSchema>;
export type PunchNoteWithPhotosInput = z.input<typeof punchNoteWithPhotosSchema>;

/** POST .../reopen (homeowner: what is still wrong) and .../admin-note (admins). */
export const punchNoteSchema = z.object({ note: note('Please write a note.') }).meta({ id: 'PunchNote' });
export type PunchNote = z.output<typeof punchNoteSchema>;

export const punchItemParamsSchema = z.object({ id: z.string().max(100), itemId: z.string().max(100) });

const isoDateTime = z.iso.datetime({ offset: true });

export const inspectionItemSchema = z.object({
  key: z.enum(inspectionItemKeys),
  label: z.string(),
  checked: z.boolean(),
  note: z.string().nullable(),
  photos: z.array(projectFileSchema),
});

export const punchItemSchema = z
  .object({
    id: z.string(),
    status: z.enum(['open', 'resolved']),
    note: z.string(),
    photos: z.array(projectFileSchema),
    reportedAt: isoDateTime,
    resolutionNote: z.string().nullable(),
    resolutionPhotos: z.array(projectFileSchema),
    resolvedAt: isoDateTime.nullable(),
    /** Resolved by the Ridgeline team rather than the contractor. */
    resolvedByAdmin: z.boolean(),
    reopenNote: z.string().nullable(),
    reopenedAt: isoDateTime.nullable(),
    /** An admin's note, visible to the homeowner and the contractor. */
    adminNote: z.string().nullable(),
    adminNoteAt: isoDateTime.nullable(),
  })
  .meta({ id: 'PunchItem' });
export type PunchItem = z.infer<typeof punchItemSchema>;

/** GET /api/projects/{id}/closeout and the answer of every closeout change. */
export const closeoutSchema = z
  .object({
    projectId: z.string(),
    stage: z.enum(closeoutStages),
    inspection: z.object({ submittedAt: isoDateTime, items: z.array(inspectionItemSchema) }).nullable(),
    punchItems: z.array(punchItemSchema),
    workAcceptedAt: isoDateTime.nullable(),
    message: z.string().optional(),
  })
  .meta({ id: 'Closeout' });
export type Closeout = z.infer<typeof closeoutSchema>;

/** GET /api/admin/punch-lists: projects with open punch-list items, the oldest first. */
export const openPunchListSchema = z
  .array(
    z.object({
      projectId: z.string(),
      title: z.string(),
      address: z.string(),
      companyName: z.string().nullable(),
      openItems: z.number().int(),
      /** When the oldest open item was reported (or last reopened). */
      oldestOpenAt: isoDateTime,
    }),
  )
  .meta({ id: 'OpenPunchLists' });
export type OpenPunchList = z.infer<typeof openPunchListSchema>;
