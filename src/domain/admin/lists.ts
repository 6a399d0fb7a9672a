import { z } from 'zod';
import { publicUserSchema, userTypes } from '../auth/schemas';
import { verificationStatuses } from '../contractors/profile';
import { ageDaysParam, pageQuerySchema, pageSchema } from '../lists';
import { projectPriorities, projectStatuses } from '../projects/workflow';

/**
 * The admin dashboard's lists at size (issue 26 #1): `GET /api/admin/lists/{projects|contractors|users}`
 * page, search, filter and sort on the server; `.../csv` streams the same filtered list.
 * Search is case-insensitive and matches the start of a field (an index answers it at any size).
 */

export const adminListKinds = ['projects', 'contractors', 'users'] as const;
export type AdminListKind = (typeof adminListKinds)[number];
export const adminListKindParams = z.object({
  kind: z.enum(adminListKinds, { error: 'The list is one of projects, contractors, users' }),
});

/** the state as stored (exact) */
const stateParam = z
  .string()
  .trim()
  .min(1)
  .max(40, { error: 'State must be at most 40 characters' })
  .optional();
const booleanParam = z.enum(['true', 'false'], { error: 'Must be true or false' }).optional();

/**
 * createdAt newest first by default; `age` is "pending since", oldest first by default;
 * `estimatedCost` highest first (a project without one counts as 0); `waiting` is "assigned
 * since" (else created), longest waiting first: the overdue matches.
 */
export const projectListQuerySchema = pageQuerySchema(
  ['createdAt', 'age', 'title', 'estimatedCost', 'waiting'],
  {
    status: z.enum(projectStatuses, { error: 'Status is not a project status' }).optional(),
    priority: z.enum(projectPriorities, { error: 'Priority is not a project priority' }).optional(),
    state: stateParam,
    contractorId: z.uuid({ error: 'Contractor must be a contractor id' }).optional(),
    /** only projects without a contractor (the pending panel) */
    unassigned: booleanParam,
    /** only rows at least this many days old */
    minAgeDays: ageDaysParam,
    /** only matches the contractor has not answered within the response target (MATCH_RESPONSE_HOURS) */
    matchOverdue: booleanParam,
  },
);
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const contractorListQuerySchema = pageQuerySchema(['createdAt', 'age', 'companyName'], {
  /** a verification status, or `awaiting` (pending and pending_verification: the verification panel) */
  status: z
    .enum([...verificationStatuses, 'awaiting'], { error: 'Status is not a verification status' })
    .optional(),
  state: stateParam,
  available: booleanParam,
  minAgeDays: ageDaysParam,
});
export type ContractorListQuery = z.infer<typeof contractorListQuerySchema>;

export const userListQuerySchema = pageQuerySchema(['createdAt', 'email'], {
  userType: z.enum(userTypes, { error: 'User type is not one of homeowner, contractor, admin' }).optional(),
  verified: booleanParam,
  minAgeDays: ageDaysParam,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const adminProjectRowSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    status: z.enum(projectStatuses),
    priority: z.enum(projectPriorities),
    estimatedCost: z.number().int().nullable(),
    finalCost: z.number().int().nullable(),
    contractorId: z.string().nullable(),
    contractorName: z.string().nullable(),
    homeownerName: z.string().nullable(),
    homeownerEmail: z.string().nullable(),
    /** whether the homeowner confirmed their account (else the row says "Homeowner pending") */
    homeownerConfirmed: z.boolean(),
    /** when the contractor was assigned (a match waits for their answer from then) */
    assignedAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    /** whole days since it was created ("pending 5 days") */
    ageDays: z.number().int(),
  })
  .meta({ id: 'AdminProjectRow' });
export type AdminProjectRow = z.infer<typeof adminProjectRowSchema>;

export const adminContractorRowSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    companyName: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    /** the account's own name and e-mail (the contact may be someone else) */
    userName: z.string().nullable(),
    userEmail: z.string().nullable(),
    yearsExperience: z.number().int(),
    /** the profile's own figure of jobs done (typed by the contractor) */
    totalProjects: z.number().int(),
    /** from the visible reviews; 0 with none */
    rating: z.number(),
    reviewCount: z.number().int(),
    businessCity: z.string().nullable(),
    businessState: z.string().nullable(),
    verificationStatus: z.enum(verificationStatuses),
    isAvailable: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    ageDays: z.number().int(),
  })
  .meta({ id: 'AdminContractorRow' });
export type AdminContractorRow = z.infer<typeof adminContractorRowSchema>;

export const adminUserRowSchema = publicUserSchema
  .extend({ ageDays: z.number().int() })
  .meta({ id: 'AdminUserRow' });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminProjectPageSchema = pageSchema(adminProjectRowSchema, 'AdminProjectPage');
export const adminContractorPageSchema = pageSchema(adminContractorRowSchema, 'AdminContractorPage');
export const adminUserPageSchema = pageSchema(adminUserRowSchema, 'AdminUserPage');

const count = z.number().int();

/** `GET /api/admin/summary`: the cards, the panels' figures and every work-queue tab's count. */
export const adminSummarySchema = z
  .object({
    projects: z.object({
      total: count,
      /** awaiting a contractor: pending with none assigned (the Pending card) */
      pending: count,
      byStatus: z.object(
        Object.fromEntries(projectStatuses.map((s) => [s, count])) as Record<
          (typeof projectStatuses)[number],
          typeof count
        >,
      ),
    }),
    contractors: z.object({
      total: count,
      verified: count,
      /** pending and pending_verification (the Contractor Verification card) */
      pendingVerification: count,
      available: count,
      /** projects on this platform with a contractor assigned */
      assignedProjects: count,
      pendingBankChanges: count,
    }),
    users: z.object({ total: count, homeowner: count, contractor: count, admin: count }),
    revenue: z.object({
      /** payments received, net of refunds (the Total Revenue card, the payouts ledger) */
      totalRevenueCents: count,
      /** finalCost, else estimatedCost, over completed projects */
      completedRevenueCents: count,
      /** estimatedCost over in_progress projects */
      activePipelineCents: count,
    }),
    queues: z.object({
      reports: count,
      install: count,
      contact: count,
      outbox: count,
      codes: count,
      quotes: count,
    }),
  })
  .meta({ id: 'AdminSummary' });
export type AdminSummary = z.infer<typeof adminSummarySchema>;
