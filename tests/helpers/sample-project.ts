import type { Project } from '../../src/domain/projects/schemas';
import { initialWorkflow } from '../../src/domain/projects/workflow';

/**
 * A project as GET /api/projects/... answers it, for unit tests of the screens' pure parts: an
 * accepted job with nothing done yet. Override what the test is about.
 */
export function sampleProject(overrides: Partial<Project> = {}): Project {
  return {
    id: '0f7c2a52-3f0e-4f43-9a43-1c1a4f1b2d11',
    title: 'SWRX-2026-0398',
    description: 'Replacement of the main house roof after a wind claim.',
    address: '6522 Lakewood Blvd',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75214',
    roofArea: 3100,
    roofAreaSource: 'measured',
    roofType: 'Hip and valley',
    materialPreference: '50 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    storeys: '2-Story',
    plywoodNeeded: 'No',
    insuranceCarrier: null,
    insuranceClaimNumber: null,
    homeownerName: 'Sarah Mitchell',
    homeownerEmail: 'homeowner@demo.test',
    homeownerPhone: '(214) 555-0187',
    homeownerConfirmed: true,
    reportUrl: null,
    measurementFileUrl: null,
    measurementFileName: null,
    priority: 'normal',
    status: 'in_progress',
    estimatedCost: 2_275_000,
    finalCost: null,
    contractorPaymentAmount: 2_002_000,
    contractorId: '5b1e6f0c-8d2a-4f7e-9c3b-2a4d6e8f0a1b',
    homeownerId: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
    quoteId: null,
    createdAt: '2026-03-01T15:00:00.000Z',
    updatedAt: '2026-03-10T15:00:00.000Z',
    assignedAt: '2026-03-03T15:00:00.000Z',
    startDate: '2026-03-05T15:00:00.000Z',
    completionDate: null,
    ...initialWorkflow,
    inspectionSubmittedAt: null,
    workAcceptedAt: null,
    openPunchItems: 0,
    documents: [],
    images: [],
    installPhotos: [],
    files: [],
    homeowner: {
      id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
      firstName: 'Sarah',
      lastName: 'Mitchell',
      email: 'homeowner@demo.test',
      phone: '(214) 555-0187',
    },
    contractor: null,
    ...overrides,
  };
}
