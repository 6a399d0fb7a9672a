/** The contractor's licence, insurance and tax documents: kinds, accepted types, the upload call. */
import { z } from 'zod';
import { blankToUndefined, onboardingMessages, WORKING_STATE_NAMES } from './onboarding-fields';

export const contractorDocumentKinds = [
  'license',
  'general_liability',
  'workers_compensation',
  'bonding',
  'w9',
] as const;
export type ContractorDocumentKind = (typeof contractorDocumentKinds)[number];

/** Licence and insurance uploads accept pdf, jpg, jpeg, png (spec 2 §9), checked by content. */
export const CONTRACTOR_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const CONTRACTOR_DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const CONTRACTOR_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const contractorDocumentMessages = {
  type: 'Please upload a PDF, JPG or PNG file.',
  tooLarge: 'That file is larger than 10 MB. Please upload a smaller file.',
  missing: 'Please choose a file to upload.',
  kind: 'Please say what this document is.',
  notFound: 'Document not found',
} as const;

export const contractorDocumentUploadFieldsSchema = z.object({
  kind: z.enum(contractorDocumentKinds, { error: contractorDocumentMessages.kind }),
  /** The working state a licence document is for. */
  state: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((s) => WORKING_STATE_NAMES.includes(s), onboardingMessages.unknownState)
      .optional(),
  ),
});

export const contractorDocumentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(contractorDocumentKinds),
    state: z.string().nullable(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    /** Same-origin path: answers the file to its contractor and to admins only. */
    url: z.string(),
    uploadedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ContractorDocument' });
export type ContractorDocument = z.infer<typeof contractorDocumentSchema>;

export const contractorDocumentUrl = (id: string) => `/api/contractor/documents/${id}`;
