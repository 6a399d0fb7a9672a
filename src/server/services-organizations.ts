/**
 * Part of the composition root (services.ts): the organisations that order through the open API
 * (issue 26 #4-5), their keys, and their orders, billed to the account through the quotes
 * feature's submission (the same pipeline as a paid order, to the report job).
 */
import { createApiOrdersService } from './features/organizations/api-orders.service';
import { createOrganizationsService } from './features/organizations/organizations.service';
import { createWebhooksService, type WebhooksService } from './features/organizations/webhooks.service';
import { createAccountOrdersService } from './features/quotes/account-orders.service';
import type { QuoteDrafts } from './features/quotes/quote-drafts';
import type { QuoteSubmissionService } from './features/quotes/submission.service';
import type { QuoteUploadsService } from './features/quotes/uploads.service';
import type { Platform } from './platform/platform';

/** The organisations' webhooks (issue 26 #6): built before the report pipeline, which tells them. */
export function createWebhooks(platform: Platform) {
  const { db, jobs, config, logger } = platform;
  return createWebhooksService({ db, jobs, config, logger });
}

export function createOrganizationServices(
  platform: Platform,
  drafts: QuoteDrafts,
  submission: QuoteSubmissionService,
  uploads: QuoteUploadsService,
  webhooks: WebhooksService,
) {
  const organizations = createOrganizationsService({ db: platform.db });
  const accountOrders = createAccountOrdersService({ drafts, submission, uploads });
  const apiOrders = createApiOrdersService({
    db: platform.db,
    storage: platform.storage,
    orders: accountOrders,
  });
  return { organizations, accountOrders, apiOrders, webhooks };
}
