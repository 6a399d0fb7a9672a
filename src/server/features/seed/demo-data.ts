/**
 * Demo data: the accounts CONTRACT.md promises, a verified contractor network over several
 * states, and projects in every status. The records are JSON files in data/ (plain data, checked
 * against the schemas below when this module loads); seed.service.ts writes them.
 *
 * Moments are given in days before the seed runs (fractions allowed), so a fresh demo always
 * looks recent. Money is integer cents. Addresses use fictional street numbers in real cities
 * with their real ZIP codes; phone numbers are in the 555 range; e-mail domains end in .test.
 */
import { z } from 'zod';
import {
  accountType,
  businessType,
  type discountType,
  permitStatus,
  projectPriority,
  projectStatus,
  urgency,
  verificationStatus,
} from '../../platform/db/schema';
import contactMessagesJson from './data/contact-messages.json' with { type: 'json' };
import contractorsJson from './data/contractors.json' with { type: 'json' };
import homeownersJson from './data/homeowners.json' with { type: 'json' };
import installRequestsJson from './data/install-requests.json' with { type: 'json' };
import projectsJson from './data/projects.json' with { type: 'json' };

export const DEMO_PASSWORD = 'ridgeline-demo';

/** The admin's local part; the domain is the configured company domain (ADMIN_EMAIL_DOMAIN). */
export const DEMO_ADMIN_LOCAL_PART = 'admin';
export const DEMO_CONTRACTOR_EMAIL = 'contractor@demo.test';
export const DEMO_PENDING_CONTRACTOR_EMAIL = 'pending-contractor@demo.test';
export const DEMO_HOMEOWNER_EMAIL = 'homeowner@demo.test';

const person = z.strictObject({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  city: z.string(),
  /** Two-letter code, shown as "Dallas, TX". */
  state: z.string(),
  createdDaysAgo: z.number(),
});
export type DemoPerson = z.infer<typeof person>;

export const demoAdmin: Omit<DemoPerson, 'email'> = {
  firstName: 'Avery',
  lastName: 'Lindqvist',
  phone: '(302) 555-0100',
  city: 'Wilmington',
  state: 'DE',
  createdDaysAgo: 540,
};

const license = z.strictObject({
  /** Full state name, one entry per working state. */
  state: z.string(),
  licenseNumber: z.string().optional(),
  licenseType: z.string().optional(),
  noLicenseRequired: z.boolean().optional(),
  expiresInDays: z.number().optional(),
  licenseDocument: z.string().optional(),
});

const notRequired = z.strictObject({ notRequired: z.literal(true) });
/** The insurance step's shapes (spec: Insurance). Expiration dates are computed from expiresInDays. */
const insurance = z.strictObject({
  generalLiability: z.strictObject({
    carrier: z.string(),
    policyNumber: z.string(),
    expiresInDays: z.number(),
    coverageAmount: z.string(),
    document: z.string(),
  }),
  workersCompensation: z.union([
    z.strictObject({
      carrier: z.string(),
      policyNumber: z.string(),
      expiresInDays: z.number(),
      document: z.string(),
    }),
    notRequired,
  ]),
  bonding: z.union([
    z.strictObject({ carrier: z.string(), bondAmount: z.string(), document: z.string() }),
    notRequired,
  ]),
});
export type DemoInsurance = z.infer<typeof insurance>;

const contractor = z.strictObject({
  user: person,
  companyName: z.string(),
  /** Street line; the full business address adds city, state and ZIP. */
  street: z.string(),
  businessCity: z.string(),
  businessState: z.string(),
  businessZip: z.string(),
  website: z.string().optional(),
  /** Full state names. */
  workingStates: z.array(z.string()),
  travelDistance: z.number(),
  specialties: z.array(z.string()),
  yearsExperience: z.number(),
  /**
   * The stars of the contractor's demo reviews, one past job each (seed-reviews.ts): its rating is
   * computed from them, as every contractor's is (src/domain/reviews/rating.ts).
   */
  reviewStars: z.array(z.number().int().min(1).max(5)),
  totalProjects: z.number(),
  isAvailable: z.boolean(),
  verificationStatus: z.enum(verificationStatus.enumValues),
  verificationNotes: z.string().optional(),
  /** When the admin decided (verified or rejected). */
  decidedDaysAgo: z.number().optional(),
  /** application_submitted -> password_set -> licenses_set -> insurance_set */
  profileCompletionStatus: z.string(),
  licenses: z.array(license),
  insurance: insurance.optional(),
  banking: z
    .strictObject({
      bankName: z.string(),
      accountType: z.enum(accountType.enumValues),
      accountHolderName: z.string(),
      routingNumber: z.string(),
      accountNumber: z.string(),
    })
    .optional(),
  taxInfo: z
    .strictObject({
      businessName: z.string(),
      businessType: z.enum(businessType.enumValues),
      /** Street line; city, state and ZIP are the profile's business address. */
      businessAddress: z.string(),
      ein: z.string().optional(),
      ssn: z.string().optional(),
      w9Document: z.string().optional(),
    })
    .optional(),
});
export type DemoContractor = z.infer<typeof contractor>;

const step = z.strictObject({ daysAgo: z.number(), notes: z.string().optional() });
const workflow = z.strictObject({
  contact: step.optional(),
  materialSelection: z
    .strictObject({
      daysAgo: z.number(),
      selectedMaterial: z.string(),
      signatureDaysAgo: z.number().optional(),
      signatureDocument: z.string().optional(),
    })
    .optional(),
  permit: z
    .strictObject({
      status: z.enum(permitStatus.enumValues).exclude(['application_needed']),
      appliedDaysAgo: z.number().optional(),
      issuedDaysAgo: z.number().optional(),
      notes: z.string().optional(),
    })
    .optional(),
  material: z
    .strictObject({
      status: z.enum(['ordered', 'delivered']),
      orderedDaysAgo: z.number(),
      /** Expected delivery; negative means days ahead. */
      expectedDaysAgo: z.number().optional(),
      deliveredDaysAgo: z.number().optional(),
      notes: z.string().optional(),
    })
    .optional(),
  crew: step.optional(),
  install: step.optional(),
});

const message = z.strictObject({
  from: z.enum(['homeowner', 'contractor']),
  daysAgo: z.number(),
  content: z.string(),
  /** Read by its receiver (readAt is set shortly after it was sent). */
  read: z.boolean(),
});

const project = z.strictObject({
  /** The SWRX job id; also what makes the seed idempotent. */
  title: z.string(),
  description: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  roofArea: z.number(),
  roofType: z.string(),
  materialPreference: z.string(),
  priority: z.enum(projectPriority.enumValues),
  status: z.enum(projectStatus.enumValues),
  estimatedCost: z.number(),
  finalCost: z.number().optional(),
  homeownerEmail: z.string(),
  contractorEmail: z.string().optional(),
  preferredContractorEmail: z.string().optional(),
  source: z.enum(['admin', 'install_request', 'quote']),
  createdDaysAgo: z.number(),
  /** When the admin assigned the contractor. */
  assignedDaysAgo: z.number().optional(),
  /** When the contractor accepted and work started. */
  startDaysAgo: z.number().optional(),
  workflow: workflow.optional(),
  messages: z.array(message).optional(),
});
export type DemoProject = z.infer<typeof project>;

export interface DemoDiscountCode {
  code: string;
  type: (typeof discountType.enumValues)[number];
  /** cents for amount, whole percent for percent, 0 for free */
  value: number;
}

export const demoDiscountCodes: DemoDiscountCode[] = [
  { code: 'SAVE10', type: 'percent', value: 10 },
  { code: 'SAVE50', type: 'amount', value: 5000 },
  { code: 'VIP', type: 'free', value: 0 },
];

const installRequest = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  /** Full state name, as the form offers it. */
  state: z.string(),
  zipCode: z.string(),
  insuranceCompany: z.string().optional(),
  claimNumber: z.string().optional(),
  approvedAmount: z.number().optional(),
  projectDescription: z.string(),
  urgency: z.enum(urgency.enumValues),
  preferredStartInDays: z.number().optional(),
  preferredContractorEmail: z.string().optional(),
  /** The project created from it, by title. */
  projectTitle: z.string().optional(),
  /** The requester's account, when they have one. */
  userEmail: z.string().optional(),
  createdDaysAgo: z.number(),
});

const contactMessage = z.strictObject({
  channel: z.enum(['chat', 'email']),
  name: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string(),
  phone: z.string().optional(),
  subject: z.string().optional(),
  message: z.string(),
  projectId: z.string().optional(),
  userEmail: z.string().optional(),
  createdDaysAgo: z.number(),
});

export const demoHomeowners = z.array(person).parse(homeownersJson);
export const demoContractors = z.array(contractor).parse(contractorsJson);
export const demoProjects = z.array(project).parse(projectsJson);
export const demoInstallRequests = z.array(installRequest).parse(installRequestsJson);
export const demoContactMessages = z.array(contactMessage).parse(contactMessagesJson);
