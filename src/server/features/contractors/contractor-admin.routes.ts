import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankChangeListSchema,
  bankChangeParamsSchema,
  reviewBankChangeSchema,
} from '../../../domain/contractors/bank-changes';
import {
  contractorListSchema,
  contractorProfileDetailSchema,
  pendingContractorsSchema,
} from '../../../domain/contractors/credentials';
import { verifyContractorParamsSchema, verifyContractorSchema } from '../../../domain/contractors/onboarding';
import { errorResponseSchema } from '../../../domain/errors';
import { arrayPageQuerySchema } from '../../../domain/lists';
import { adminOnly, requireUser } from '../../platform/auth/guards';
import { setNextLink } from '../../platform/link-header';
import { ipLimit } from '../../platform/rate-limits';
import type { ContractorBankingService } from './banking.service';
import { contractorErrors } from './contractor-route-parts';
import type { ContractorVerificationService } from './verification.service';

/**
 * The admins' contractor calls (issue 11 and 21): every contractor, the applications awaiting a
 * decision and the decision, the changes of bank details awaiting review and their review.
 */
export function contractorAdminRoutes(services: {
  verification: ContractorVerificationService;
  banking: ContractorBankingService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // every contractor call parses multipart bodies: a form sent to a JSON call answers 400 (validation)
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    app.get(
      '/api/contractors',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Every contractor, newest application first, with licences, insurance, documents and payment set-up (last four digits only), 100 at most per answer: the next page is in the `Link` header (rel="next") (admins only)',
          security: [{ session: [] }],
          querystring: arrayPageQuerySchema,
          response: { 200: contractorListSchema, ...contractorErrors },
        },
      },
      async (request, reply) => {
        const page = await services.verification.all(request.query);
        setNextLink(request, reply, page.nextCursor);
        return page.items;
      },
    );

    app.get(
      '/api/admin/contractors/pending',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Contractor applications awaiting a decision (pending, pending_verification), oldest first, with everything submitted and expiry warnings, 100 at most per answer: the next page is in the `Link` header (rel="next") (admins only)',
          security: [{ session: [] }],
          querystring: arrayPageQuerySchema,
          response: { 200: pendingContractorsSchema, ...contractorErrors },
        },
      },
      async (request, reply) => {
        const page = await services.verification.pending(request.query);
        setNextLink(request, reply, page.nextCursor);
        return page.items;
      },
    );

    app.get(
      '/api/admin/contractors/bank-changes',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Changes of bank details made after the payment set-up, awaiting review, oldest first: who, when, from where, the account in force and the new one (last four digits only) (admins only)',
          security: [{ session: [] }],
          response: { 200: bankChangeListSchema, ...contractorErrors },
        },
      },
      async () => services.banking.pendingBankChanges(),
    );

    app.post(
      '/api/admin/contractors/bank-changes/:changeId/review',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Decides a change of bank details: approved (the new account replaces the old) or rejected (the old stays), with notes; the payout hold is lifted and the contractor mailed (admins only)',
          description: '409 when the change was already decided or replaced by a newer one.',
          security: [{ session: [] }],
          params: bankChangeParamsSchema,
          body: reviewBankChangeSchema,
          response: { 200: contractorProfileDetailSchema, ...contractorErrors, 409: errorResponseSchema },
        },
      },
      async (request) =>
        services.banking.reviewBankChange(requireUser(request), request.params.changeId, request.body, {
          ip: request.ip,
        }),
    );

    app.get(
      '/api/admin/contractors/:contractorId',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'One contractor in full: licences, insurance, documents, payment set-up (last four digits only) and expiry warnings; 404 when there is no such contractor (admins only)',
          security: [{ session: [] }],
          params: verifyContractorParamsSchema,
          response: { 200: contractorProfileDetailSchema, ...contractorErrors },
        },
      },
      async (request) => services.verification.one(request.params.contractorId),
    );

    app.post(
      '/api/admin/contractors/:contractorId/verify',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            "Decides a contractor's application: verified or rejected, with notes; the contractor is mailed (admins only)",
          security: [{ session: [] }],
          params: verifyContractorParamsSchema,
          body: verifyContractorSchema,
          response: { 200: contractorProfileDetailSchema, ...contractorErrors },
        },
      },
      async (request) =>
        services.verification.verify(requireUser(request), request.params.contractorId, request.body, {
          ip: request.ip,
        }),
    );
  };
}
