/** Warranties and warranty claims (issue 25 #6, #7). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { claimStatuses } from '../../../domain/warranties/rules';
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { contractorProfiles } from '../contractors/contractors.schema';
import { projects } from '../projects/projects.schema';

/**
 * A project's warranty, issued once when the final payment is received (one row per project):
 * the periods as issued (later changes to the project do not move them) and its certificate.
 */
export const warranties = pgTable(
  'warranties',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The contractor whose workmanship is warranted (the project's, at issue). */
    contractorId: uuid().references(() => contractorProfiles.id, { onDelete: 'set null' }),
    /** The final payment's date (the terms: the warranty starts at final payment). */
    issuedAt: ts().notNull(),
    /** Where both periods start: the completion date, else the acceptance of the work. */
    startsAt: ts().notNull(),
    workmanshipYears: integer().notNull(),
    workmanshipEndsAt: ts().notNull(),
    /** The spec's material option, the manufacturer's stated warranty and its source (null: unknown). */
    material: text(),
    materialYears: integer(),
    materialStated: text(),
    materialSource: text(),
    materialEndsAt: ts(),
    /** The certificate PDF in the file storage (null until the job made it). */
    certificateKey: text(),
    certificateSize: integer(),
    /** When the certificate was mailed to the homeowner (once). */
    mailedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('warranties_project_key').on(t.projectId),
    index('warranties_unmailed_idx').on(t.createdAt).where(sql`${t.mailedAt} is null`),
  ],
);

export const warrantyClaimStatus = pgEnum('warranty_claim_status', claimStatuses);

/** A homeowner's claim on a project's warranty: what happened, photos, and its status. */
export const warrantyClaims = pgTable(
  'warranty_claims',
  {
    id: id(),
    warrantyId: uuid()
      .notNull()
      .references(() => warranties.id, { onDelete: 'cascade' }),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    openedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    description: text().notNull(),
    /** The project's images (project_files) the homeowner attached. */
    photoIds: jsonb().$type<string[]>().notNull().default([]),
    status: warrantyClaimStatus().notNull().default('open'),
    /** The visit's day ('2026-12-03') while scheduled. */
    scheduledFor: text(),
    resolutionNote: text(),
    resolvedAt: ts(),
    statusChangedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('warranty_claims_project_idx').on(t.projectId, t.createdAt),
    index('warranty_claims_unresolved_idx').on(t.createdAt).where(sql`${t.status} <> 'resolved'`),
  ],
);

/** A claim's thread: messages between the homeowner, the contractor and the admins. */
export const warrantyClaimMessages = pgTable(
  'warranty_claim_messages',
  {
    id: id(),
    claimId: uuid()
      .notNull()
      .references(() => warrantyClaims.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** How the author stood to the project when writing (homeowner, contractor, admin). */
    authorRole: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('warranty_claim_messages_claim_idx').on(t.claimId, t.createdAt)],
);
