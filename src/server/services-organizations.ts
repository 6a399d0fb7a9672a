/**
 * Part of the composition root (services.ts): the organisations that order through the open API
 * (issue 26 #4-5), their keys, and their orders, billed to the account through the quotes
 * feature's submission (the same pipeline as a paid order, to the report job).
 */
import { createApiOrdersService } from './features/organizations/api-orders.service';
import { createOrganizationsService } from './features/organizations/organizations.service';
import { createAccountOrdersService } from './features/quotes/account-orders.service';
import type { QuoteDrafts } from './features/quotes/quote-drafts';
import type { QuoteSubmissionService } from './features/quotes/submission.service';
import type { QuoteUploadsService } from './features/quotes/uploads.service';
import type { Platform } from './platform/platform';

export function createOrganizationServices(
  platform: Platform,
  drafts: QuoteDrafts,
  submission: QuoteSubmissionService,
  uploads: QuoteUploadsService,
) {
  const organizations = createOrganizationsService({ db: platform.db });
  const accountOrders = createAccountOrdersService({ drafts, submission, uploads });
  const apiOrders = createApiOrdersService({
    db: platform.db,
    storage: platform.storage,
    orders: accountOrders,
  });
  return { organizations, accountOrders, apiOrders };
}
