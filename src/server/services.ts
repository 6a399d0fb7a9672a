/**
 * The composition root. Every service of the server is built here, once per process, from the
 * platform (database, job queue, mailer, storage, bus, sessions, config, logger) and from the
 * services it depends on: reading this file shows who depends on whom. app.ts registers every
 * feature's routes from what createServices returns; workers.ts starts every background job of
 * the features; main.ts and the CLI use the same services.
 *
 * A feature never builds another feature's service or imports its repo: it receives the service
 * here (scripts/check-feature-boundaries.mjs checks the rule). The card payments
 * (services-payments.ts), the order form's quotes (services-quotes.ts) and the organisations of
 * the open API (services-organizations.ts) are built by files beside this one, called from here
 * (part of this root, kept apart for its size).
 */

import type { PhotoUploadMetadata } from '../domain/projects/photo-uploads';
import { createAdminListsService, createAdminService } from './features/admin/admin.service';
import { createAuthService } from './features/auth/auth.service';
import { createRegistrationService } from './features/auth/registration.service';
import { createContactService } from './features/contact/contact.service';
import { createContractorBankingService } from './features/contractors/banking.service';
import { createStripeConnect } from './features/contractors/connected-accounts';
import { createContractorsRepo } from './features/contractors/contractors.repo';
import { createContractorsService } from './features/contractors/contractors.service';
import { createContractorDocumentsService } from './features/contractors/documents.service';
import { createContractorSetupService } from './features/contractors/setup-steps.service';
import { createContractorVerificationService } from './features/contractors/verification.service';
import { type EstimateEngine, estimateEngine } from './features/estimates/engine';
import { createEstimatesRepo } from './features/estimates/estimates.repo';
import { createEstimatesService } from './features/estimates/estimates.service';
import { parsePool } from './features/estimates/parse-pool';
import { createReportPipeline } from './features/estimates/report-pipeline';
import { createInstallRequestsService } from './features/install-requests/install-requests.service';
import { createMessagesService } from './features/messages/messages.service';
import { createJobPaymentsRepo } from './features/payments/job-payments.repo';
import { createJobPaymentsService } from './features/payments/job-payments.service';
import { createSandboxTransport, createStripeTransport } from './features/payouts/payout-transport';
import { createPayoutsService } from './features/payouts/payouts.service';
import { createCloseoutService } from './features/projects/closeout.service';
import { createConvertQuoteService } from './features/projects/convert-quote.service';
import { createCrewReminderCheck } from './features/projects/crew-reminder';
import { createJobFilesService } from './features/projects/job-files.service';
import type { StageNotices } from './features/projects/match-notices';
import { createMatchOverdueCheck } from './features/projects/match-overdue';
import { createPhotoUploadsService } from './features/projects/photo-uploads.service';
import { createProjectAccess } from './features/projects/project-access';
import { createProjectActivityService } from './features/projects/project-activity.service';
import { createProjectChangesService } from './features/projects/project-changes.service';
import { createProjectFileDetailsService } from './features/projects/project-file-details.service';
import { createProjectFilesService } from './features/projects/project-files.service';
import { createProjectsRepo } from './features/projects/projects.repo';
import { createProjectsService } from './features/projects/projects.service';
import type { PushDeps } from './features/push/push.service';
import { createQuotesRepo } from './features/quotes/quotes.repo';
import { createUploadsRepo } from './features/quotes/uploads.repo';
import { createQuoteUploadsService } from './features/quotes/uploads.service';
import { createReviewsService } from './features/reviews/reviews.service';
import { createSearchService } from './features/search/search.service';
import { createSeedService } from './features/seed/seed.service';
import { createClaimsService } from './features/warranties/claims.service';
import { createWarrantiesService } from './features/warranties/warranties.service';
import type { Platform } from './platform/platform';
import { createPartialUploads, partialUploadsRoot } from './platform/storage/partial-uploads';
import { createNotificationServices } from './services-notifications';
import { createOrganizationServices, createWebhooks } from './services-organizations';
import { createCardPayments } from './services-payments';
import { createQuoteServices } from './services-quotes';

/**
 * The estimate engine (a test may wrap it, e.g. to fail on purpose); where push services may be
 * (a test lets the push feature reach its local push-service stand-in).
 */
export type ServicesOptions = { engine?: EstimateEngine; push?: Pick<PushDeps, 'policy'> };

/** Builds every service; starts nothing (no worker, no timer), so the CLI can use it too. */
export function createServices(platform: Platform, opts: ServicesOptions = {}) {
  const { db, config, logger, storage, jobs, mailer, bus, sessions, readCache } = platform;
  const engine = opts.engine ?? estimateEngine;

  // accounts and sign-in (the mailed links: registration, below); support; contractor search; the admins' outbox
  const auth = createAuthService({ db, sessions, mailer, config });
  const contact = createContactService({ db, jobs, logger, readCache });
  const search = createSearchService({ db, readCache });
  const admin = createAdminService({ db, storage });

  // the notification centre, and Web Push of each notice to the receiver's devices (issue 27 #4)
  const { push, notifications } = createNotificationServices(platform, opts);

  // who may open a project (the projects feature's rule, shared by the features of a project)
  const projectAccess = createProjectAccess(db);
  // reviews of contractors: a project's homeowner reviews its contractor once the work is accepted
  const reviews = createReviewsService({ db, bus, logger, config, access: projectAccess });

  // payments first: a succeeded payment submits its quote, or is a job's part received
  const { paymentsRepo, provider, paymentStates, payments, sandboxCheckout, stripeWebhook, discountCodes } =
    createCardPayments(platform, {
      // Stripe says a contractor's connected account changed: its status stored (contractors),
      // and the payouts held for its verification sent once it may receive transfers
      onAccountUpdated: async (account) => {
        if (await contractorBanking.connectedAccountStatus.accountUpdated(account)) await payouts.kick();
      },
    });
  // a job's price in two parts (issue 25 #3, #5): asked when work begins and when the work is
  // accepted (projects calls requestPart in those changes), received once, refunded by admins.
  // The hooks run in the transaction that records the money: the payouts ledger and the warranty
  // register here.
  const jobPayments = createJobPaymentsService({
    db,
    config,
    logger,
    storage,
    bus,
    mailer,
    repo: createJobPaymentsRepo(db),
    paymentsRepo,
    provider,
    states: paymentStates,
    access: projectAccess,
    stageNotices: (tx, items) => notifications.stage(tx, items),
    // (payouts and warranties are built below: the hooks run only once a payment is recorded)
    onReceived: [
      (tx, e) => payouts.recordPaymentReceived(tx, e),
      (tx, e) =>
        e.part === 'final'
          ? warranties.issueOnFinalPayment(tx, { projectId: e.projectId, receivedAt: e.receivedAt })
          : Promise.resolve(),
    ],
    onRefunded: [(tx, e) => payouts.recordRefund(tx, e)],
    // the contractor's share is sent at once, not at the payouts job's next minute
    afterCommit: () => payouts.kick(),
  });

  // projects: the one owner of the projects table (and of who may open one), their files; an
  // admin assigning one is offered contractors ranked by the search feature
  const projectsRepo = createProjectsRepo(db, readCache);
  const projects = createProjectsService({
    repo: projectsRepo,
    db,
    bus,
    mailer,
    config,
    logger,
    readCache,
    suggestContractors: (location) => search.suggest(location),
    notify: (items) => notifications.notify(items),
  });
  // assigning, accepting, declining and the workflow: their notifications (and mails) are stored
  // with the change; the periodic checks tell the admins of unanswered matches and remind of crew dates
  const stageNotices: StageNotices = notifications.stage;
  // what every service that changes a project under its row lock needs (project-change-runner.ts)
  // organisations' webhooks (issue 26 #6): told of a report made ready and of a project's status
  const webhooks = createWebhooks(platform);
  const projectChangeDeps = {
    db,
    repo: projectsRepo,
    bus,
    mailer,
    config,
    logger,
    readCache,
    stageNotices,
    // the parts of the job's price asked when work begins and when the work is accepted
    paymentRequest: jobPayments.requestPart,
    statusHook: webhooks.projectStatusHook,
  };
  const projectChanges = createProjectChangesService({
    ...projectChangeDeps,
    notify: (items) => notifications.notify(items),
  });
  const matchOverdue = createMatchOverdueCheck({
    db,
    repo: projectsRepo,
    config,
    stage: stageNotices,
    logger,
  });
  const crewReminders = createCrewReminderCheck({ db, config, stage: stageNotices, logger });
  // the end of the job (issue 25 #1, #2): the final inspection, the acceptance and the punch list
  const closeout = createCloseoutService({
    ...projectChangeDeps,
    // the homeowner is asked to review the contractor once the work is accepted (issue 25 #8)
    reviewRequest: (project) => reviews.requestNotices(project),
  });
  // warranties (issue 25 #6, #7): issued at the final payment (the payments feature calls
  // warranties.issueOnFinalPayment in its transaction), the certificate, the homeowner's claims
  const warranties = createWarrantiesService({
    db,
    jobs,
    storage,
    mailer,
    bus,
    logger,
    config,
    access: projectAccess,
  });
  const warrantyClaims = createClaimsService({
    db,
    bus,
    logger,
    config,
    access: projectAccess,
    stage: (tx, items) => notifications.stage(tx, items),
  });
  const projectFiles = createProjectFilesService({ db, storage, bus, logger, access: projectAccess });
  // resumable photos (tus): partial uploads on disk in the data folder, finished through projectFiles
  const photoUploads = createPhotoUploadsService({
    projectFiles,
    partials: createPartialUploads<PhotoUploadMetadata>(partialUploadsRoot(config.dataDir)),
  });
  // the activity feed and the photo log's details (issue 23 #8, #9)
  const projectActivity = createProjectActivityService({ db, access: projectAccess });
  const projectFileDetails = createProjectFileDetailsService({ db, bus, logger, access: projectAccess });
  // contractor onboarding and verification: the contractor tables' one writer; auth (which owns
  // users) sets the wizard's password and makes an applicant a contractor
  const contractorDeps = {
    repo: createContractorsRepo(db),
    config,
    storage,
    mailer,
    logger,
    accounts: auth,
    notifications,
    bus,
    // a decided bank change lifts the payout hold: the payouts feature sends what it held
    payoutHoldLifted: () => payouts.kick(),
    // with Stripe keys, the contractor's Connect Custom account (payouts are transferred to it)
    connect: config.stripe.secretKey
      ? createStripeConnect({ secretKey: config.stripe.secretKey, apiBase: config.stripe.apiBase })
      : undefined,
  };
  const contractors = createContractorsService(contractorDeps);
  const contractorSetup = createContractorSetupService(contractorDeps);
  const contractorBanking = createContractorBankingService(contractorDeps);
  const contractorDocuments = createContractorDocumentsService(contractorDeps);
  const contractorVerification = createContractorVerificationService(contractorDeps);
  // payouts (issue 25 #4, #5): 88 % of each job payment to the contractor's account from the
  // payment set-up (Stripe Connect transfers with keys, recorded sandbox transfers without), held
  // while a bank change awaits review; the payments feature calls recordPaymentReceived and
  // recordRefund in its own transaction, then kick()
  const payouts = createPayoutsService({
    db,
    jobs,
    logger,
    transport: config.stripe.secretKey
      ? createStripeTransport({ secretKey: config.stripe.secretKey, apiBase: config.stripe.apiBase })
      : createSandboxTransport(db),
    accountOf: (contractorId) => contractorBanking.payoutAccountOf(contractorId),
    ensureConnectedAccount: (contractorId) => contractorBanking.ensureConnectedAccount(contractorId),
    connectVerification: config.stripe.secretKey ? contractorBanking.connectedAccountStatus : undefined,
  });
  // a project's conversation between its homeowner and its contractor (who may write: the project's rule)
  const messages = createMessagesService({
    db,
    bus,
    jobs,
    mailer,
    config,
    logger,
    readCache,
    access: projectAccess,
    notify: (items) => notifications.notify(items),
    onRead: (userId, projectId) => notifications.markProjectKindRead(userId, projectId, 'new_message'),
  });

  // the files of an order, checked and read off the event loop by the estimates feature's parse pool
  const quotesRepo = createQuotesRepo(db, readCache);
  const uploadsRepo = createUploadsRepo(db);
  const quoteUploads = createQuoteUploadsService({
    uploads: uploadsRepo,
    storage,
    logger,
    inspectUpload: (...args) => parsePool().inspectUpload(...args),
  });

  // the Fair Market Value reports: admin queue and downloads, and the pipeline that makes them
  // (it learns from the completed projects sold on our estimates); an admin's measurement file is
  // stored as the quote's sketch file by the quotes feature
  const estimates = createEstimatesService({
    db,
    jobs,
    storage,
    config,
    engine,
    sketches: quoteUploads,
    readCache,
  });
  // a project's job file: the report it was priced from and the measurement file, read through
  // the features that own them once the projects feature has said who may open the project
  const jobFiles = createJobFilesService({
    db,
    access: projectAccess,
    reports: estimates,
    measurementFiles: quoteUploads,
  });
  const reportPipeline = createReportPipeline({
    repo: createEstimatesRepo(db, webhooks.reportHook),
    projects,
    storage,
    mailer,
    bus,
    config,
    logger,
    engine,
  });
  // the order form's quotes: priced, checked out, submitted, their status (services-quotes.ts)
  const quotes = createQuoteServices(platform, { quotesRepo, uploadsRepo, payments, estimates, projects });

  // what becomes a project: an install request, or a homeowner's submitted quote
  const installRequests = createInstallRequestsService({ db, mailer, config, logger, projects, readCache });
  const convertQuote = createConvertQuoteService({ db, projects });
  // the links mailed to an address; confirming one attaches what was kept by that e-mail until
  // then, in auth's transaction, each by the feature that owns it
  const registration = createRegistrationService({
    db,
    sessions,
    mailer,
    config,
    onAddressConfirmed: [
      (tx, account) => projects.attachToConfirmedAccount(tx, account),
      (tx, account) => installRequests.attachToConfirmedAccount(tx, account),
    ],
  });
  // the demo data (main.ts on first start, `npm run seed`)
  const seed = createSeedService({
    db,
    config,
    logger,
    sessions,
    bus,
    mailer,
    projects,
    reviews,
    jobPayments,
    payouts,
    warranties,
  });

  return {
    auth,
    registration,
    contact,
    search,
    admin,
    adminLists: createAdminListsService({
      db,
      readCache,
      matchResponseHours: config.matchResponseHours,
    }), // issue 26: lists at size, summary
    estimates,
    reportPipeline,
    payments,
    jobPayments,
    sandboxCheckout,
    stripeWebhook,
    discountCodes,
    quoteUploads,
    ...quotes,
    installRequests,
    convertQuote,
    projects,
    projectChanges,
    projectAccess,
    closeout,
    matchOverdue,
    crewReminders,
    projectFiles,
    photoUploads,
    projectActivity,
    projectFileDetails,
    jobFiles,
    contractors,
    contractorSetup,
    contractorBanking,
    contractorDocuments,
    contractorVerification,
    messages,
    notifications,
    push,
    reviews,
    payouts,
    warranties,
    warrantyClaims,
    seed,
    ...createOrganizationServices(
      platform,
      quotes.quoteDrafts,
      quotes.quoteSubmission,
      quoteUploads,
      webhooks,
    ),
  };
}

export type Services = ReturnType<typeof createServices>;
