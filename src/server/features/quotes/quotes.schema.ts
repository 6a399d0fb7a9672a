/**
 * Quotes and their uploaded files. The report columns of `quotes` are written by the estimates
 * feature's pipeline. `payment_status` is declared here, with the first table that uses it, so the
 * payments schema (which references quotes) imports it without an import cycle.
 */

import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { paymentStatuses, quoteStatuses, reportStatuses } from '../../../domain/quotes/quote-calls';
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';

export const quoteStatus = pgEnum('quote_status', quoteStatuses);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);
export const reportStatus = pgEnum('report_status', reportStatuses);

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    /** sketch, license, insurance, w9, project_file */
    kind: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    /** Unguessable token that makes up the public URL. */
    publicToken: text().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_public_token_key').on(t.publicToken)],
);

/**
 * A submitted quote whose report waits for an admin: no measurements yet, a report that failed, or
 * a preliminary report mailed while the measured one waits (the report queue and its index).
 */
export function reportQueueCondition(t: {
  status: AnyPgColumn;
  reportStatus: AnyPgColumn;
  reportBasis: AnyPgColumn;
}): SQL {
  return sql`${t.status} = 'submitted' and (${t.reportStatus} in ('awaiting_measurements', 'failed') or (${t.reportBasis} = 'preliminary' and ${t.reportStatus} = 'ready'))`;
}

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    /** The Project ID shown to the requester, e.g. RL-7K3M9Q2X. */
    reference: text().notNull(),
    confirmationCode: text().notNull(),
    status: quoteStatus().notNull().default('draft'),
    requesterFirstName: text().notNull(),
    requesterLastName: text().notNull(),
    requesterEmail: text().notNull(),
    insuranceInvolved: text().notNull(),
    carrierName: text(),
    claimNumber: text(),
    adjusterFirstName: text(),
    adjusterLastName: text(),
    adjusterEmail: text(),
    adjusterPhone: text(),
    homeownerFirstName: text().notNull(),
    homeownerLastName: text().notNull(),
    homeownerEmail: text(),
    homeownerPhone: text(),
    streetAddress: text().notNull(),
    streetAddress2: text(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    roofSurfaceMaterial: text().notNull(),
    plywoodNeeded: text().notNull(),
    buildingHeight: text().notNull(),
    roofLayers: text().notNull(),
    /** 'Yes', 'No' or 'Not sure' when answered (issue 24 #7): only 'Yes' prices a ridge vent. */
    ridgeVent: text(),
    measurementFileSource: text().notNull(),
    sketchUploadId: uuid().references(() => uploads.id, { onDelete: 'set null' }),
    sketchFileUrl: text(),
    sketchFileName: text(),
    sketchFileSize: integer(),
    /** The customer confirmed the file is of this property though its address differs (issue 24 #2). */
    measurementAddressConfirmed: boolean().notNull().default(false),
    basePriceCents: integer().notNull().default(45000),
    discountCode: text(),
    discountCents: integer().notNull().default(0),
    amountCents: integer().notNull().default(45000),
    isVipSubmission: boolean().notNull().default(false),
    paymentStatus: paymentStatus().notNull().default('none'),
    paymentIntentId: text(),
    reportStatus: reportStatus().notNull().default('not_started'),
    reportStorageKey: text(),
    reportError: text(),
    reportAttempts: integer().notNull().default(0),
    /**
     * Which queued run of the report the status belongs to: +1 each time a report is queued (the
     * job carries it). A late handler of an older run cannot change a newer run's status.
     */
    reportRun: integer().notNull().default(0),
    reportReadyAt: ts(),
    /**
     * What the latest mailed report (quotes.report_storage_key) was made from: 'preliminary' (an
     * order without measurements, priced from its size fields; it stays in the admin queue) or
     * 'measured'. Null before the first report. The versions themselves are in quote_reports.
     */
    reportBasis: text(),
    /** Optional size of an order without a measurement file (the preliminary report). */
    roofAreaSqFt: integer(),
    livingAreaSqFt: integer(),
    /** '1', '2' or '3' when given. */
    stories: text(),
    /** Normalized roof measurement (parsed file or admin entry) and the priced estimate. */
    measurement: jsonb().$type<Record<string, unknown>>(),
    estimate: jsonb().$type<Record<string, unknown>>(),
    homeownerUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text(),
    /**
     * Hash of requester, form data and code: a retried order without the browser's draft id
     * finds its recent unpaid quote by it (not unique: the same order may be placed again later).
     */
    contentKey: text(),
    submittedAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quotes_reference_key').on(t.reference),
    uniqueIndex('quotes_payment_intent_key').on(t.paymentIntentId),
    uniqueIndex('quotes_idempotency_key').on(t.idempotencyKey),
    index('quotes_created_at_idx').on(t.createdAt),
    index('quotes_report_status_idx').on(t.reportStatus, t.createdAt),
    index('quotes_requester_email_idx').on(t.requesterEmail),
    index('quotes_content_key_idx').on(t.contentKey, t.createdAt),
    // the admins' list paged by keyset and searched by prefix (issue 26 #1)
    index('quotes_created_id_idx').on(t.createdAt, t.id),
    index('quotes_status_created_id_idx').on(t.status, t.createdAt, t.id),
    // the admins' report queue (estimates feature), oldest first: exactly its rows
    index('quotes_report_queue_idx')
      .on(sql`coalesce(${t.submittedAt}, ${t.createdAt})`, t.id)
      .where(reportQueueCondition(t)),
    index('quotes_reference_search_idx').on(sql`lower(${t.reference}) text_pattern_ops`),
    index('quotes_requester_email_search_idx').on(sql`lower(${t.requesterEmail}) text_pattern_ops`),
    index('quotes_requester_last_name_search_idx').on(sql`lower(${t.requesterLastName}) text_pattern_ops`),
  ],
);
