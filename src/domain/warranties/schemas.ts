import { z } from 'zod';
import { multiLine } from '../text-safety';
import { claimStatuses } from './rules';

/**
 * Warranties (issue 25 #6, #7): the API's shapes and messages. A warranty belongs to a project
 * (issued at its final payment); claims belong to the warranty, each with its own thread.
 * Photos are the project's images, uploaded first through the project's upload call and named
 * here by id (as the punch list does).
 */

export const CLAIM_TEXT_MAX = 2000;
export const CLAIM_PHOTOS_MAX = 10;
export const RESOLUTION_NOTE_MAX = 1000;

export const warrantyMessages = {
  notFound: 'This project has no warranty yet. The warranty is issued when the final payment is received.',
  certificateNotReady: 'The warranty certificate is being prepared. Please try again in a minute.',
  claimNotFound: 'Warranty claim not found',
  onlyHomeowner: "Only the project's homeowner can open a warranty claim.",
  noWarranty: 'This project has no warranty yet: a claim can be opened once the final payment is received.',
  expired:
    'The warranty on this project has ended, so a claim can no longer be opened. Please contact support.',
  descriptionRequired: 'Please describe what happened.',
  descriptionTooLong: `Please keep the description under ${CLAIM_TEXT_MAX.toLocaleString('en-US')} characters.`,
  messageRequired: 'Please write a message.',
  messageTooLong: `Please keep the message under ${CLAIM_TEXT_MAX.toLocaleString('en-US')} characters.`,
  unknownPhoto: 'A photo must be one of this project’s photos or images.',
  tooManyPhotos: `Please attach at most ${CLAIM_PHOTOS_MAX} photos.`,
  onlyContractorOrAdmin: "Only the project's contractor or an admin can change a claim's status.",
  dateRequired: 'Please choose the date of the visit.',
  noteRequired: 'Please say how the claim was resolved.',
  noteTooLong: `Please keep the note under ${RESOLUTION_NOTE_MAX.toLocaleString('en-US')} characters.`,
  sameStatus: 'The claim already has this status.',
  opened: 'Your warranty claim was sent to your contractor and our team.',
  sent: 'Your message was sent.',
  statusChanged: 'The claim was updated.',
} as const;

const photoIds = z
  .array(z.uuid({ error: warrantyMessages.unknownPhoto }), { error: 'photoIds is a list of photo ids.' })
  .max(CLAIM_PHOTOS_MAX, { error: warrantyMessages.tooManyPhotos })
  .default([]);

const text = (required: string, tooLong: string, max = CLAIM_TEXT_MAX) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .check(multiLine());

/** POST /api/projects/{id}/warranty/claims: the homeowner opens a claim. */
export const openClaimSchema = z
  .object({
    description: text(warrantyMessages.descriptionRequired, warrantyMessages.descriptionTooLong),
    photoIds,
  })
  .meta({ id: 'OpenWarrantyClaim' });
export type OpenClaim = z.output<typeof openClaimSchema>;
export type OpenClaimInput = z.input<typeof openClaimSchema>;

/** POST /api/warranty-claims/{id}/messages: a message in the claim's thread. */
export const claimMessageSchema = z
  .object({ body: text(warrantyMessages.messageRequired, warrantyMessages.messageTooLong) })
  .meta({ id: 'WarrantyClaimMessageBody' });
export type ClaimMessageInput = z.output<typeof claimMessageSchema>;

const isoDate = z.iso.date({ error: warrantyMessages.dateRequired });

/** PATCH /api/warranty-claims/{id}: the contractor or an admin changes the status. */
export const claimStatusChangeSchema = z
  .discriminatedUnion(
    'status',
    [
      z.object({ status: z.literal('open') }),
      z.object({ status: z.literal('scheduled'), scheduledFor: isoDate }),
      z.object({
        status: z.literal('resolved'),
        resolutionNote: text(
          warrantyMessages.noteRequired,
          warrantyMessages.noteTooLong,
          RESOLUTION_NOTE_MAX,
        ),
      }),
    ],
    { error: `status is one of: ${claimStatuses.join(', ')}.` },
  )
  .meta({ id: 'WarrantyClaimStatusChange' });
export type ClaimStatusChange = z.output<typeof claimStatusChangeSchema>;

export const warrantyParamsSchema = z.object({ id: z.string().max(100) });
export const certificateQuerySchema = z.object({
  download: z.enum(['0', '1'], { error: 'download is 1 (save the file) or 0 (show it)' }).optional(),
});

const isoTime = z.iso.datetime({ offset: true });

/** GET /api/projects/{id}/warranty: the project's warranty (404 before it is issued). */
export const warrantySchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    /** The final payment's date: the day the warranty took effect. */
    issuedAt: isoTime,
    /** Where the periods start: the completion date (else the acceptance of the work). */
    startsAt: isoTime,
    workmanshipYears: z.number().int(),
    workmanshipEndsAt: isoTime,
    /** The installed material (a spec option) and its manufacturer's warranty; nulls when unknown. */
    material: z.string().nullable(),
    materialYears: z.number().int().nullable(),
    materialStated: z.string().nullable(),
    materialEndsAt: isoTime.nullable(),
    /** The certificate PDF's path, or null while it is being made. */
    certificateUrl: z.string().nullable(),
    /** Whether a claim may be opened now (within the period) and whether the caller may open one. */
    inPeriod: z.boolean(),
    canOpenClaim: z.boolean(),
    /** The caller may change a claim's status (the project's contractor, admins). */
    canManageClaims: z.boolean(),
  })
  .meta({ id: 'Warranty' });
export type Warranty = z.infer<typeof warrantySchema>;

export const claimPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});

export const claimMessageViewSchema = z
  .object({
    id: z.string(),
    authorName: z.string(),
    authorRole: z.enum(['homeowner', 'contractor', 'admin']),
    body: z.string(),
    createdAt: isoTime,
  })
  .meta({ id: 'WarrantyClaimMessage' });
export type ClaimMessage = z.infer<typeof claimMessageViewSchema>;

export const claimSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    status: z.enum(claimStatuses),
    description: z.string(),
    photos: z.array(claimPhotoSchema),
    /** The visit's day ('2026-12-03') when scheduled. */
    scheduledFor: z.string().nullable(),
    resolutionNote: z.string().nullable(),
    resolvedAt: isoTime.nullable(),
    createdAt: isoTime,
    updatedAt: isoTime,
    messages: z.array(claimMessageViewSchema),
  })
  .meta({ id: 'WarrantyClaim' });
export type Claim = z.infer<typeof claimSchema>;

export const claimListSchema = z.object({ claims: z.array(claimSchema) }).meta({ id: 'WarrantyClaimList' });
export type ClaimList = z.infer<typeof claimListSchema>;

/** GET /api/admin/warranty-claims: claims not resolved, oldest first, with their age. */
export const adminClaimSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    projectTitle: z.string(),
    address: z.string(),
    status: z.enum(claimStatuses),
    scheduledFor: z.string().nullable(),
    companyName: z.string().nullable(),
    description: z.string(),
    createdAt: isoTime,
    ageDays: z.number().int(),
  })
  .meta({ id: 'AdminWarrantyClaim' });
export type AdminClaim = z.infer<typeof adminClaimSchema>;
export const adminClaimListSchema = z
  .object({ claims: z.array(adminClaimSchema) })
  .meta({ id: 'AdminWarrantyClaimList' });
export type AdminClaimList = z.infer<typeof adminClaimListSchema>;

/** Same-origin paths of a project's warranty. */
export const warrantyCertificateUrl = (projectId: string): string =>
  `/api/projects/${encodeURIComponent(projectId)}/warranty/certificate`;
