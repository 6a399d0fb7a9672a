/**
 * The whole data model of both spec documents. Column names are snake_case in SQL
 * (drizzle `casing: 'snake_case'`), camelCase here and at the API edge.
 * Money is integer cents; every moment is a timestamptz.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name?: string) =>
  name ? timestamp(name, { withTimezone: true }) : timestamp({ withTimezone: true });
const createdAt = () => ts().notNull().defaultNow();
const updatedAt = () => ts().notNull().defaultNow();
const id = () => uuid().primaryKey().defaultRandom();

// ---------------------------------------------------------------- enumerations

export const userType = pgEnum('user_type', ['homeowner', 'contractor', 'admin']);
export const verificationStatus = pgEnum('verification_status', [
  'pending',
  'pending_verification',
  'verified',
  'rejected',
]);
export const projectStatus = pgEnum('project_status', [
  'pending',
  'matched',
  'in_progress',
  'completed',
  'cancelled',
]);
export const projectPriority = pgEnum('project_priority', ['low', 'normal', 'medium', 'high', 'urgent']);
export const permitStatus = pgEnum('permit_status', [
  'application_needed',
  'applied',
  'issued',
  'not_required',
]);
export const materialStatus = pgEnum('material_status', ['not_ordered', 'ordered', 'delivered']);
export const projectFileKind = pgEnum('project_file_kind', [
  'document',
  'image',
  'install_photo',
  'signature',
]);
export const quoteStatus = pgEnum('quote_status', ['draft', 'awaiting_payment', 'submitted', 'cancelled']);
export const paymentStatus = pgEnum('payment_status', [
  'none',
  'requires_payment',
  'processing',
  'succeeded',
  'failed',
  'free',
]);
export const reportStatus = pgEnum('report_status', [
  'not_started',
  'awaiting_measurements',
  'queued',
  'processing',
  'ready',
  'failed',
]);
export const discountType = pgEnum('discount_type', ['amount', 'percent', 'free']);
export const urgency = pgEnum('urgency', ['standard', 'expedited', 'emergency']);
export const contactChannel = pgEnum('contact_channel', ['chat', 'email']);
export const deliveryStatus = pgEnum('delivery_status', ['pending', 'delivered', 'failed']);
export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed', 'kept']);
export const accountType = pgEnum('account_type', ['checking', 'savings']);
export const businessType = pgEnum('business_type', [
  'sole_proprietorship',
  'partnership',
  'corporation',
  'llc',
]);

// ---------------------------------------------------------------- people and sign-in

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    city: text(),
    state: text(),
    profileImageUrl: text(),
    userType: userType().notNull().default('homeowner'),
    isVerified: boolean().notNull().default(false),
    emailVerifiedAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_created_at_idx').on(t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a stolen database does not yield live cookies. */
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts().notNull(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    /** What the link applies once followed, e.g. the password hash and names of an account claim. */
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.createdAt)],
);

// ---------------------------------------------------------------- contractors

export const contractorProfiles = pgTable(
  'contractor_profiles',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text().notNull(),
    contactName: text().notNull(),
    contactEmail: text().notNull(),
    contactPhone: text().notNull(),
    businessAddress: text().notNull(),
    businessCity: text(),
    businessState: text(),
    businessZip: text(),
    website: text(),
    workingStates: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    travelDistance: integer().notNull().default(50),
    specialties: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    yearsExperience: integer().notNull().default(0),
    rating: real().notNull().default(0),
    totalProjects: integer().notNull().default(0),
    isAvailable: boolean().notNull().default(true),
    verificationStatus: verificationStatus().notNull().default('pending'),
    verificationNotes: text(),
    verifiedAt: ts(),
    verifiedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** application_submitted -> password_set -> licenses_set -> insurance_set (profile complete). */
    profileCompletionStatus: text().notNull().default('application_submitted'),
    /** { generalLiability?, workersCompensation?, bonding? } as entered in the insurance step. */
    insuranceData: jsonb().$type<Record<string, unknown>>(),
    paymentSetupCompleted: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contractor_profiles_user_key').on(t.userId),
    index('contractor_profiles_verification_idx').on(t.verificationStatus, t.createdAt),
    index('contractor_profiles_rating_idx').on(t.rating),
  ],
);

export const contractorLicenses = pgTable(
  'contractor_licenses',
  {
    id: id(),
    contractorId: uuid()
      .notNull()
      .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
    state: text().notNull(),
    licenseNumber: text(),
    licenseType: text(),
    expirationDate: date(),
    noLicenseRequired: boolean().notNull().default(false),
    licenseDocument: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('contractor_licenses_contractor_state_key').on(t.contractorId, t.state)],
);

/** Secret fields are AES-256-GCM ciphertexts; only the last four digits are kept in clear. */
export const contractorBanking = pgTable('contractor_banking', {
  contractorId: uuid()
    .primaryKey()
    .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
  bankName: text().notNull(),
  accountType: accountType().notNull(),
  accountHolderName: text().notNull(),
  routingNumberEncrypted: text().notNull(),
  accountNumberEncrypted: text().notNull(),
  routingNumberLast4: text().notNull(),
  accountNumberLast4: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contractorTaxInfo = pgTable('contractor_tax_info', {
  contractorId: uuid()
    .primaryKey()
    .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
  businessName: text().notNull(),
  businessType: businessType().notNull(),
  businessAddress: text().notNull(),
  businessCity: text().notNull(),
  businessState: text().notNull(),
  businessZip: text().notNull(),
  einEncrypted: text(),
  ssnEncrypted: text(),
  einLast4: text(),
  ssnLast4: text(),
  w9Document: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- quotes and payments

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
    measurementFileSource: text().notNull(),
    sketchUploadId: uuid().references(() => uploads.id, { onDelete: 'set null' }),
    sketchFileUrl: text(),
    sketchFileName: text(),
    sketchFileSize: integer(),
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
  ],
);

/**
 * Every mailed version of a quote's report, oldest first: the preliminary one of an order without
 * measurements stays valid and downloadable after the measured one. quotes.report_storage_key
 * points at the latest (old links without a version serve it).
 */
export const quoteReports = pgTable(
  'quote_reports',
  {
    id: id(),
    quoteId: uuid()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** 'preliminary' or 'measured' */
    basis: text().notNull(),
    storageKey: text().notNull(),
    measurement: jsonb().$type<Record<string, unknown>>().notNull(),
    estimate: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quote_reports_quote_version_key').on(t.quoteId, t.version)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** Null until the quote is submitted when the intent was created without quote data (spec 1 section 7 payloads). */
    quoteId: uuid().references(() => quotes.id, { onDelete: 'cascade' }),
    /** stripe or sandbox */
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    status: paymentStatus().notNull().default('requires_payment'),
    failureMessage: text(),
    /** What the card form showed (never the number): brand and last four digits. */
    cardBrand: text(),
    cardLast4: text(),
    /** The discount code this intent's price includes. */
    discountCode: text(),
    /** Whether this intent holds one reserved use of discountCode (counted in discount_codes.reserved_count). */
    discountHeld: boolean().notNull().default(false),
    /** Cancelled (expired, superseded, code withdrawn): it can no longer be paid. */
    cancelledAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.providerPaymentId),
    index('payments_quote_idx').on(t.quoteId),
    index('payments_status_updated_idx').on(t.status, t.updatedAt),
  ],
);

/** Webhook and sandbox events, kept so each is processed once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    processedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_created_idx').on(t.createdAt)],
);

export const discountCodes = pgTable('discount_codes', {
  id: id(),
  code: text().notNull().unique(),
  type: discountType().notNull(),
  /** cents for amount, whole percent for percent, unused for free */
  value: integer().notNull().default(0),
  expiresAt: ts(),
  maxUses: integer(),
  usedCount: integer().notNull().default(0),
  /** Uses held by open payment intents: usedCount + reservedCount never exceeds maxUses. */
  reservedCount: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- projects

export const projects = pgTable(
  'projects',
  {
    id: id(),
    /** Running number of the SWRX job id (SWRX-2026-0042); never an address: ids are random. */
    number: serial().notNull(),
    title: text().notNull(),
    description: text(),
    address: text().notNull(),
    city: text(),
    state: text(),
    zipCode: text(),
    roofArea: integer(),
    roofType: text(),
    materialPreference: text(),
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
    // 6 install
    installCompleted: boolean().notNull().default(false),
    installCompletedDate: ts(),
    installNotes: text(),
  },
  (t) => [
    uniqueIndex('projects_quote_key').on(t.quoteId),
    uniqueIndex('projects_number_key').on(t.number),
    index('projects_status_created_idx').on(t.status, t.createdAt),
    index('projects_contractor_status_idx').on(t.contractorId, t.status),
    index('projects_homeowner_idx').on(t.homeownerId, t.createdAt),
    index('projects_created_at_idx').on(t.createdAt),
  ],
);

export const projectFiles = pgTable(
  'project_files',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: projectFileKind().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    /** A small JPEG beside an image (null for documents). */
    thumbnailKey: text(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('project_files_project_kind_idx').on(t.projectId, t.kind, t.createdAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    messageType: text().notNull().default('text'),
    isRead: boolean().notNull().default(false),
    readAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_project_created_idx').on(t.projectId, t.createdAt),
    index('messages_receiver_unread_idx').on(t.receiverId, t.isRead),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
  ],
);

export const installRequests = pgTable(
  'install_requests',
  {
    id: id(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    insuranceCompany: text(),
    claimNumber: text(),
    approvedAmount: integer(),
    projectDescription: text(),
    urgency: urgency().notNull().default('standard'),
    preferredStartDate: date(),
    preferredContractorId: uuid().references(() => contractorProfiles.id, { onDelete: 'set null' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    projectId: uuid().references(() => projects.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('install_requests_created_idx').on(t.createdAt),
    index('install_requests_email_idx').on(t.email),
  ],
);

// ---------------------------------------------------------------- support, mail, audit

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    channel: contactChannel().notNull(),
    name: text(),
    firstName: text(),
    lastName: text(),
    email: text().notNull(),
    phone: text(),
    subject: text(),
    message: text().notNull(),
    projectId: text(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    deliveryStatus: deliveryStatus().notNull().default('pending'),
    deliveryAttempts: integer().notNull().default(0),
    lastError: text(),
    /** slack (chat webhook), inbox (no webhook configured: kept for admins) or support_email (outbox). */
    deliveredTo: text(),
    deliveredAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_delivery_idx').on(t.deliveryStatus, t.deliveryAttempts),
  ],
);

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  storageKey: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text().notNull(),
    cc: text(),
    replyTo: text(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    /** pending: waiting for SMTP; kept: no SMTP configured, readable by admins; sent; failed after retries. */
    status: mailStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    providerMessageId: text(),
    sentAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.to)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    data: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
