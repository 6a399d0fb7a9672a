/** Projects (the job from matched to completed), their punch lists, declines, change keys and activity; their files: project-files.schema.ts. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InspectionItemKey } from '../../../domain/projects/closeout';
import {
  materialStatuses,
  permitStatuses,
  projectPriorities,
  projectStatuses,
} from '../../../domain/projects/workflow';
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { contractorProfiles } from '../contractors/contractors.schema';
import { quotes } from '../quotes/quotes.schema';

export const projectStatus = pgEnum('project_status', projectStatuses);
export const projectPriority = pgEnum('project_priority', projectPriorities);
export const permitStatus = pgEnum('permit_status', permitStatuses);
export const materialStatus = pgEnum('material_status', materialStatuses);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    /**
     * Insertion order, a tie-break of lists only: never shown, never an address (ids are random)
     * and no longer in the job id (projects created before issue 21 keep SWRX-2026-0042).
     */
    number: serial().notNull(),
    /** The SWRX job id: SWRX-<year>-<random suffix> (domain/projects/workflow.ts), or an admin's own; unique. */
    title: text().notNull(),
    description: text(),
    address: text().notNull(),
    city: text(),
    state: text(),
    zipCode: text(),
    roofArea: integer(),
    /** Where roofArea came from: 'measured' (a measurement file) or 'typed' (a form); null when unknown. */
    roofAreaSource: text(),
    roofType: text(),
    materialPreference: text(),
    /** What the quote knew of the roof (issue 23 #6): layers, storeys (building height: '2-Story'), plywood. */
    roofLayers: text(),
    storeys: text(),
    plywoodNeeded: text(),
    /** The quote's ridge vent answer ('Yes', 'No', 'Not sure'; issue 24 #7), null when not asked or not given. */
    ridgeVent: text(),
    /** The insurance claim, when an insurer is involved. */
    insuranceCarrier: text(),
    insuranceClaimNumber: text(),
    /**
     * The homeowner as typed (admin form, quote, install request): the project is kept by this
     * e-mail while homeownerId is null (an address not confirmed yet) and attached at confirmation.
     */
    homeownerName: text(),
    homeownerEmail: text(),
    homeownerPhone: text(),
    priority: projectPriority().notNull().default('normal'),
    status: projectStatus().notNull().default('pending'),
    estimatedCost: integer(),
    finalCost: integer(),
    contractorPaymentAmount: integer(),
    contractorId: uuid().references(() => contractorProfiles.id, { onDelete: 'set null' }),
    homeownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    preferredContractorId: uuid().references(() => contractorProfiles.id, { onDelete: 'set null' }),
    quoteId: uuid().references(() => quotes.id, { onDelete: 'set null' }),
    /** admin, install_request or quote */
    source: text().notNull().default('admin'),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When an admin assigned the current contractor (the timeline's 'Contractor Assigned'). */
    assignedAt: ts(),
    /** When the admins were told that this match had no answer past the response target (once per match). */
    matchOverdueNotifiedAt: ts(),
    startDate: ts(),
    completionDate: ts(),
    // workflow: 1 homeowner contact
    homeownerContactCompleted: boolean().notNull().default(false),
    homeownerContactDate: ts(),
    homeownerContactNotes: text(),
    // 2 material selection and signature
    materialSelectionCompleted: boolean().notNull().default(false),
    materialSelectionDate: ts(),
    selectedMaterial: text(),
    homeownerSignatureConfirmed: boolean().notNull().default(false),
    homeownerSignatureDate: ts(),
    signatureDocument: text(),
    // 3 permit
    permitStatus: permitStatus().notNull().default('application_needed'),
    permitApplicationDate: ts(),
    permitIssuedDate: ts(),
    permitNotes: text(),
    // 4 material order
    materialStatus: materialStatus().notNull().default('not_ordered'),
    materialOrderedDate: ts(),
    materialDeliveryDate: ts(),
    materialDeliveredDate: ts(),
    materialNotes: text(),
    // 5 crew
    crewScheduled: boolean().notNull().default(false),
    crewScheduledDate: ts(),
    crewScheduledNotes: text(),
    /** The arrival window ('08:00'-'10:00', the job's local time), optional. */
    crewArrivalStart: text(),
    crewArrivalEnd: text(),
    /** Raised at each change of the crew date: the calendar file's SEQUENCE. */
    crewScheduleSequence: integer().notNull().default(0),
    /** The crew day ('2026-12-03') the day-before reminder was sent for (once per day set). */
    crewReminderSentFor: text(),
    // 6 install
    installCompleted: boolean().notNull().default(false),
    installCompletedDate: ts(),
    installNotes: text(),
    // the end of the job (issue 25 items 1-2; domain/projects/closeout.ts)
    /** The contractor's final inspection: each checklist item, checked or with a note, and its photos. */
    inspectionChecklist: jsonb().$type<StoredInspectionItem[]>(),
    inspectionSubmittedAt: ts(),
    /** When the homeowner accepted the work (reviews and the final payment wait for it). */
    workAcceptedAt: ts(),
  },
  (t) => [
    uniqueIndex('projects_quote_key').on(t.quoteId),
    uniqueIndex('projects_number_key').on(t.number),
    uniqueIndex('projects_title_key').on(t.title),
    index('projects_status_created_idx').on(t.status, t.createdAt),
    index('projects_contractor_status_idx').on(t.contractorId, t.status),
    index('projects_homeowner_idx').on(t.homeownerId, t.createdAt),
    index('projects_created_at_idx').on(t.createdAt),
    // the admins' lists at size (issue 26): keyset pages, filters and case-insensitive prefix search
    index('projects_created_number_idx').on(t.createdAt, t.number),
    index('projects_created_id_idx').on(t.createdAt, t.id),
    index('projects_state_created_idx').on(t.state, t.createdAt),
    index('projects_priority_created_idx').on(t.priority, t.createdAt),
    // a homeowner's and a contractor's lists, paged by keyset on (created_at, number)
    index('projects_homeowner_created_number_idx').on(t.homeownerId, t.createdAt, t.number),
    index('projects_contractor_created_number_idx').on(t.contractorId, t.createdAt, t.number),
    // the admins' Revenue panel: by estimated cost, a project without one as 0
    index('projects_cost_id_idx').on(sql`coalesce(${t.estimatedCost}, 0)`, t.id),
    index('projects_title_search_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    index('projects_address_search_idx').on(sql`lower(${t.address}) text_pattern_ops`),
    index('projects_homeowner_name_search_idx').on(sql`lower(${t.homeownerName}) text_pattern_ops`),
    index('projects_homeowner_email_search_idx').on(sql`lower(${t.homeownerEmail}) text_pattern_ops`),
    // the overdue-match check reads matched projects by assignment time
    index('projects_matched_assigned_idx')
      .on(t.assignedAt)
      .where(sql`${t.status} = 'matched' and ${t.matchOverdueNotifiedAt} is null`),
    index('projects_homeowner_email_idx')
      .on(sql`lower(${t.homeownerEmail})`)
      .where(sql`${t.homeownerId} is null`),
  ],
);

/** One checklist item of the final inspection as stored. */
export interface StoredInspectionItem {
  key: InspectionItemKey;
  checked: boolean;
  note: string | null;
  photoIds: string[];
}

export const punchItemStatus = pgEnum('punch_item_status', ['open', 'resolved']);

/**
 * The homeowner's punch list (issue 25 item 1): an issue reported after the final inspection, its
 * resolution (by the contractor or an admin), a reopening, an admin's note. The row holds the
 * latest of each; the activity feed and the audit log keep the history.
 */
export const projectPunchItems = pgTable(
  'project_punch_items',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: punchItemStatus().notNull().default('open'),
    note: text().notNull(),
    photoIds: jsonb().$type<string[]>().notNull().default([]),
    reportedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When it was last opened: reported, or reopened (the admins' list ages open items by it). */
    openedAt: ts().notNull().defaultNow(),
    resolutionNote: text(),
    resolutionPhotoIds: jsonb().$type<string[]>().notNull().default([]),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    resolvedByAdmin: boolean().notNull().default(false),
    resolvedAt: ts(),
    reopenNote: text(),
    reopenedAt: ts(),
    adminNote: text(),
    adminNoteAt: ts(),
  },
  (t) => [index('project_punch_items_project_idx').on(t.projectId, t.status, t.createdAt)],
);

/**
 * A contractor turning down a match (POST /api/projects/{id}/decline): the project went back to
 * pending, and this contractor is no longer suggested for it.
 */
export const projectDeclines = pgTable(
  'project_declines',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    contractorId: uuid()
      .notNull()
      .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    /** When the match was made (how long the contractor took to answer). */
    matchedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [index('project_declines_project_idx').on(t.projectId, t.contractorId)],
);

/**
 * The Idempotency-Key of each change a device sent (docs/pwa.md): a contractor's phone queues
 * workflow changes offline and may send one twice; the key is claimed in the change's own
 * transaction, so a change is applied once and a repeat answers the project as it is. Kept 30 days
 * (projects.client-keys-cleanup).
 */
export const projectChangeKeys = pgTable(
  'project_change_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** SHA-256 of the body (src/server/platform/request-hash.ts): the same key with another is refused. */
    requestHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('project_change_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * A project's activity feed (issue 23 #8): one row per thing that happened, written in the
 * transaction of the change; `kind` and `data` are rendered as a sentence by
 * src/domain/projects/activity.ts for the reader's role. No money is ever put in `data`.
 */
export const projectActivity = pgTable(
  'project_activity',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The actor's first name as it was then ("Marcus"), null for the system. */
    actorName: text(),
    kind: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('project_activity_project_idx').on(t.projectId, t.createdAt, t.id)],
);
