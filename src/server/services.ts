/**
 * The composition root. Every service of the server is built here, once per process, from the
 * platform (database, job queue, mailer, storage, bus, sessions, config, logger) and from the
 * services it depends on: reading this file shows who depends on whom. app.ts registers every
 * feature's routes from what createServices returns; workers.ts starts every background job of
 * the features; main.ts and the CLI use the same services.
 *
 * A feature never builds another feature's service or imports its repo: it receives the service
 * here (scripts/check-feature-boundaries.mjs checks the rule). The card payments
 * (services-payments.ts), the projects (services-projects.ts), the contractors and their payouts
 * (services-contractors.ts), the order form's quotes (services-quotes.ts) and the organisations of
 * the open API (services-organizations.ts) are built by files beside this one, called from here
 * (part of this root, kept apart for its size).
 */

import { createAdminListsService, createAdminService } from './features/admin/admin.service';
import { createAuthService } from './features/auth/auth.service';
import { createRegistrationService } from './features/auth/registration.service';
import { createContactService } from './features/contact/contact.service';
import { type EstimateEngine, estimateEngine } from './features/estimates/engine';
import { createEstimatesRepo } from './features/estimates/estimates.repo';
import { createEstimatesService } from './features/estimates/estimates.service';
import { parsePool } from './features/estimates/parse-pool';
import { createReportPipeline } from './features/estimates/report-pipeline';
import { createInstallRequestsService } from './features/install-requests/install-requests.service';
import { createMessagesService } from './features/messages/messages.service';
import { createJobPaymentsRepo } from './features/payments/job-payments.repo';
import { createJobPaymentsService } from './features/payments/job-payments.service';
import { createConvertQuoteService } from './features/projects/convert-quote.service';
import { createJobFilesService } from './features/projects/job-files.service';
import { createProjectAccess } from './features/projects/project-access';
import type { PushDeps } from './features/push/push.service';
import { createQuotesRepo } from './features/quotes/quotes.repo';
import { createUploadsRepo } from './features/quotes/uploads.repo';
import { createQuoteUploadsService } from './features/quotes/uploads.service';
import { createReviewsService } from './features/reviews/reviews.service';
import { createSearchService } from './features/search/search.service';
import { createSeedService } from './features/seed/seed.service';
import type { Platform } from './platform/platform';
import { createContractorServices } from './services-contractors';
import { createNotificationServices } from './services-notifications';
import { createOrganizationServices, createWebhooks } from './services-organizations';
import { createCardPayments } from './services-payments';
import { createProjectServices } from './services-projects';
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

  // organisations' webhooks (issue 26 #6): told of a report made ready and of a project's status
  const webhooks = createWebhooks(platform);
  // projects, their changes, the end of the job, warranties, files and activity (services-projects.ts)
  const {
    projects,
    projectChanges,
    matchOverdue,
    crewReminders,
    closeout,
    warranties,
    warrantyClaims,
    projectFiles,
    photoUploads,
    projectActivity,
    projectFileDetails,
  } = createProjectServices(platform, {
    search,
    notifications,
    webhooks,
    jobPayments,
    reviews,
    projectAccess,
  });
  // contractor onboarding, verification and banking, and the payouts to them (services-contractors.ts)
  const {
    contractors,
    contractorSetup,
    contractorBanking,
    contractorDocuments,
    contractorVerification,
    payouts,
  } = createContractorServices(platform, { auth, notifications });
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
