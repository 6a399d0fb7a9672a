import { z } from 'zod';
import { emailSchema } from '../auth/schemas';
import { multiLine, oneLine } from '../text-safety';
import { projectDocumentTypes } from './job-file';
import {
  materialStatuses,
  permitStatuses,
  priorityOptions,
  projectMessages,
  projectPriorities,
  projectStatuses,
} from './workflow';
import { workflowStepKeys } from './workflow-steps';

/**
 * The project calls of spec 2 §7: GET /api/projects/homeowner/{userId}, /contractor/{id}, /{id},
 * GET and POST /api/projects, and the project's files (the bodies that change one: change-schemas.ts).
 * Money is integer cents; dates are ISO 8601 strings.
 */

/** Project ids are random uuids: they cannot be guessed or counted. */
export const projectIdSchema = z.uuid({ error: projectMessages.notFound });
export const projectParamsSchema = z.object({ id: z.string().max(100) });

const isoDateTime = z.iso.datetime({ offset: true });

export {
  jobFileMessages,
  type ProjectDocumentType,
  projectDocumentTypeLabels,
  projectDocumentTypes,
} from './job-file';

export const projectFileKinds = ['document', 'image', 'install_photo'] as const;
export type ProjectFileKind = (typeof projectFileKinds)[number];

export const projectFileSchema = z
  .object({
    id: z.string(),
    kind: z.enum(projectFileKinds),
    /** A document's kind (contract, permit...); null for images, photos and documents sent without one. */
    documentType: z.enum(projectDocumentTypes).nullable(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    /** Same-origin path that answers the file to the project's homeowner, its contractor and admins. */
    url: z.string(),
    /** A small JPEG of an image, or null for a document. */
    thumbnailUrl: z.string().nullable(),
    uploadedAt: isoDateTime,
    uploadedBy: z.string().nullable(),
    /** The workflow step a photo or image shows (the photo log), and its caption; null when not given. */
    step: z.enum(workflowStepKeys).nullable(),
    caption: z.string().nullable(),
    /** When a photo was taken (its EXIF capture time or the device file's date); null when unknown. */
    capturedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ProjectFile' });
export type ProjectFile = z.infer<typeof projectFileSchema>;

export const projectHomeownerSchema = z
  .object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'ProjectHomeowner' });

export const projectContractorSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    companyName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    rating: z.number(),
    reviewCount: z.number().int(),
    totalProjects: z.number().int(),
    user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
    /** Earliest expiry (YYYY-MM-DD) of a current licence covering every working state, else null: the 'Licensed' badge. */
    licensedUntil: z.string().nullable(),
    /** Expiry of current general liability insurance, else null: the 'Insured' badge. */
    insuredUntil: z.string().nullable(),
  })
  .meta({ id: 'ProjectContractor' });

const nullableDate = isoDateTime.nullable();

export const projectSchema = z
  .object({
    id: z.string(),
    /** 'SWRX Job ID' in the admin form. */
    title: z.string(),
    description: z.string().nullable(),
    address: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    roofArea: z.number().int().nullable(),
    /** 'measured' (from a measurement file) or 'typed' (from a form), null when not known. */
    roofAreaSource: z.enum(['measured', 'typed']).nullable(),
    roofType: z.string().nullable(),
    materialPreference: z.string().nullable(),
    /** What the quote knew of the roof: layers to tear off, storeys, whether plywood is needed. */
    roofLayers: z.string().nullable(),
    storeys: z.string().nullable(),
    plywoodNeeded: z.string().nullable(),
    /** The quote's answer to "Ridge vent" ('Yes', 'No', 'Not sure'), null when not given (issue 24 #7). */
    ridgeVent: z.string().nullable(),
    insuranceCarrier: z.string().nullable(),
    insuranceClaimNumber: z.string().nullable(),
    /** The homeowner as typed on the form or quote (the project is kept by this e-mail until it is confirmed). */
    homeownerName: z.string().nullable(),
    homeownerEmail: z.string().nullable(),
    homeownerPhone: z.string().nullable(),
    /** False while the homeowner's account is missing or its e-mail is not confirmed (only admins see such a project). */
    homeownerConfirmed: z.boolean(),
    /** The estimate report the job was priced from (a quote's latest report), or null. */
    reportUrl: z.string().nullable(),
    /** The quote's measurement file (HOVER, EagleView...), or null. */
    measurementFileUrl: z.string().nullable(),
    measurementFileName: z.string().nullable(),
    priority: z.enum(projectPriorities),
    status: z.enum(projectStatuses),
    /** Approved budget, cents. */
    estimatedCost: z.number().int().nullable(),
    finalCost: z.number().int().nullable(),
    /** The contractor's share (88 % of the approved budget), cents. */
    contractorPaymentAmount: z.number().int().nullable(),
    contractorId: z.string().nullable(),
    homeownerId: z.string().nullable(),
    quoteId: z.string().nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    /** When the current contractor was assigned ('Contractor Assigned' in the timeline). */
    assignedAt: nullableDate,
    startDate: nullableDate,
    completionDate: nullableDate,
    homeownerContactCompleted: z.boolean(),
    homeownerContactDate: nullableDate,
    homeownerContactNotes: z.string().nullable(),
    materialSelectionCompleted: z.boolean(),
    materialSelectionDate: nullableDate,
    selectedMaterial: z.string().nullable(),
    homeownerSignatureConfirmed: z.boolean(),
    homeownerSignatureDate: nullableDate,
    signatureDocument: z.string().nullable(),
    permitStatus: z.enum(permitStatuses),
    permitApplicationDate: nullableDate,
    permitIssuedDate: nullableDate,
    permitNotes: z.string().nullable(),
    materialStatus: z.enum(materialStatuses),
    materialOrderedDate: nullableDate,
    materialDeliveryDate: nullableDate,
    materialDeliveredDate: nullableDate,
    materialNotes: z.string().nullable(),
    crewScheduled: z.boolean(),
    crewScheduledDate: nullableDate,
    crewScheduledNotes: z.string().nullable(),
    crewArrivalStart: z.string().nullable(),
    crewArrivalEnd: z.string().nullable(),
    installCompleted: z.boolean(),
    installCompletedDate: nullableDate,
    installNotes: z.string().nullable(),
    /** The end of the job (issue 25; domain/projects/closeout.ts gives its stage from these three). */
    inspectionSubmittedAt: nullableDate,
    /** When the homeowner accepted the work, or null (reviews and the final payment wait for it). */
    workAcceptedAt: nullableDate,
    /** Punch-list items still open. */
    openPunchItems: z.number().int(),
    /** Names of the project's documents (spec 2 §3); `files` has each with its link. */
    documents: z.array(z.string()),
    /** Links of the homeowner's and admins' images. */
    images: z.array(z.string()),
    /** Links of the contractor's installation photos. */
    installPhotos: z.array(z.string()),
    files: z.array(projectFileSchema),
    homeowner: projectHomeownerSchema.nullable(),
    contractor: projectContractorSchema.nullable(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.array(projectSchema).meta({ id: 'ProjectList' });

// ---------------------------------------------------------------- POST /api/projects (admin)

const requiredText = (max: number) =>
  z
    .string({ error: projectMessages.createRequired })
    .trim()
    .min(1, { error: projectMessages.createRequired })
    .max(max, { error: `Please keep this under ${max} characters` })
    .check(oneLine());
/** One line unless `lines: 'multi'` (the description). */
const optionalText = (max: number, lines: 'one' | 'multi' = 'one') =>
  z
    .string()
    .trim()
    .max(max, { error: `Please keep this under ${max} characters` })
    .check(lines === 'one' ? oneLine() : multiLine())
    .nullish()
    .transform((v) => (v ? v : undefined));
const optionalCount = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(1_000_000_000, { error: message })
    .nullish()
    .transform((v) => v ?? undefined);

export const projectCreateSchema = z
  .object({
    /** The SWRX Job ID, e.g. SWRX-2026-7KQ4M (older projects: SWRX-2026-0042). */
    title: requiredText(100),
    description: optionalText(5000, 'multi'),
    homeownerEmail: emailSchema,
    homeownerName: optionalText(200),
    homeownerPhone: optionalText(40),
    address: requiredText(300),
    city: optionalText(100),
    state: optionalText(100),
    zipCode: optionalText(10),
    roofArea: optionalCount('Please enter the roof area in whole square feet'),
    materialPreference: optionalText(100),
    priority: z.enum(priorityOptions, { error: 'Please choose a priority' }).default('normal'),
    /** Approved budget in cents. */
    estimatedCost: optionalCount('Please enter the budget as a whole number of cents'),
  })
  .meta({ id: 'ProjectCreate' });
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;
export type ProjectCreate = z.output<typeof projectCreateSchema>;

// ---------------------------------------------------------------- files

/** Installation photos and images (spec 2 §2: 'PNG, JPG, GIF up to 10MB each'), checked by content. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/** Project documents: PDF or an image, the types the licence and insurance uploads take. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const MAX_FILES_PER_UPLOAD = 20;

export const projectFileMessages = {
  imageType: 'Please choose PNG, JPG or GIF images.',
  imageTooLarge: 'Each photo must be 10 MB or smaller.',
  documentType: 'Please choose a PDF, JPG or PNG document.',
  documentTooLarge: 'Each document must be 20 MB or smaller.',
  noFiles: 'Please choose at least one file.',
  tooMany: `Please upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`,
  photosNotAssigned: 'Only the contractor assigned to this project can upload installation photos.',
  documentsNotAllowed: 'Only the homeowner and admins can upload documents to this project.',
  imagesNotAllowed: 'Only the homeowner and admins can upload images to this project.',
  deleteNotAllowed: 'Only the person who uploaded this file or an admin can delete it.',
  fileNotFound: 'This file could not be found.',
  deleted: 'File deleted.',
  uploaded: (n: number) => (n === 1 ? '1 file uploaded.' : `${n} files uploaded.`),
} as const;

export const projectFilesUploadedSchema = z
  .object({ files: z.array(projectFileSchema), message: z.string() })
  .meta({ id: 'ProjectFilesUploaded' });

export const projectFileListSchema = z.array(projectFileSchema).meta({ id: 'ProjectFileList' });
