/**
 * The job file (issue 23 #7): what a project's documents are, and the documents that come from
 * the quote the project was made from (its estimate report and measurement file).
 */

/** What a document is (issue 23 #7): the job file's typed documents; 'other' for the rest. */
export const projectDocumentTypes = [
  'contract',
  'permit',
  'invoice',
  'warranty',
  'inspection',
  'other',
] as const;
export type ProjectDocumentType = (typeof projectDocumentTypes)[number];
export const projectDocumentTypeLabels: Record<ProjectDocumentType, string> = {
  contract: 'Contract',
  permit: 'Permit',
  invoice: 'Invoice',
  warranty: 'Warranty',
  inspection: 'Inspection',
  other: 'Other document',
};

/** The job file's documents that come from the project's quote (issue 23 #7). */
export const jobFileMessages = {
  noReport: 'This project has no estimate report yet.',
  noMeasurementFile: 'This project has no measurement file.',
  reportLabel: 'Estimate report',
  measurementLabel: 'Measurement file',
} as const;

/** Issue 23 #1: a project kept by e-mail until its homeowner confirms the address. */
export const homeownerPendingMessages = {
  badge: 'Homeowner has not confirmed their e-mail yet',
  created: (email: string) =>
    `The homeowner (${email}) has not confirmed their e-mail yet: the project is kept for that address and becomes theirs once they confirm it.`,
} as const;
