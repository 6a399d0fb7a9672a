/**
 * Part of the composition root (services.ts): the quotes of the order form, priced (the draft
 * shared by the checkout and the submission), checked out by card, submitted (at submit, on the
 * payment's success, or by the finalize job), their status, the admins' list and the homeowner's.
 */
import type { EstimatesService } from './features/estimates/estimates.service';
import type { PaymentsService } from './features/payments/payments.service';
import type { ProjectsService } from './features/projects/projects.service';
import { createAdminQuotesService } from './features/quotes/admin-quotes.service';
import { createQuoteCheckoutService } from './features/quotes/checkout.service';
import { createMyQuotesService } from './features/quotes/my-quotes.service';
import { createQuoteDrafts } from './features/quotes/quote-drafts';
import type { QuotesRepo } from './features/quotes/quotes.repo';
import { createQuoteStatusService } from './features/quotes/status.service';
import { createQuoteSubmissionService } from './features/quotes/submission.service';
import type { UploadsRepo } from './features/quotes/uploads.repo';
import type { Platform } from './platform/platform';

export function createQuoteServices(
  platform: Platform,
  deps: {
    quotesRepo: QuotesRepo;
    uploadsRepo: UploadsRepo;
    payments: PaymentsService;
    estimates: EstimatesService;
    projects: ProjectsService;
  },
) {
  const { db, config, logger, storage, jobs, mailer } = platform;
  const { quotesRepo, uploadsRepo, payments, estimates, projects } = deps;
  // the quote of an order form, priced (shared by the checkout and the submission)
  const quoteDrafts = createQuoteDrafts({
    repo: quotesRepo,
    uploads: uploadsRepo,
    storage,
    logger,
    payments,
  });
  // a paid or free quote submitted: at submit, on the payment's success, or by the finalize job
  const quoteSubmission = createQuoteSubmissionService({
    repo: quotesRepo,
    drafts: quoteDrafts,
    config,
    logger,
    jobs,
    mailer,
    payments,
    reports: estimates,
  });
  const quoteCheckout = createQuoteCheckoutService({
    repo: quotesRepo,
    drafts: quoteDrafts,
    submission: quoteSubmission,
    config,
    logger,
    payments,
  });
  const quoteStatus = createQuoteStatusService({ repo: quotesRepo, config });
  const adminQuotes = createAdminQuotesService({ repo: quotesRepo, readCache: platform.readCache });
  // the homeowner dashboard's quotes and reports, with the project each became
  const myQuotes = createMyQuotesService({
    db,
    sessionSecret: config.sessionSecret,
    projectsOfQuotes: (ids) => projects.ofQuotes(ids),
  });

  return { quoteDrafts, quoteSubmission, quoteCheckout, quoteStatus, adminQuotes, myQuotes };
}
