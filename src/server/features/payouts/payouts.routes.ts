import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  myPayoutsSchema,
  payoutListPageSchema,
  payoutListParamsSchema,
  payoutListQuerySchema,
  payoutTotalsSchema,
  verificationLinkBodySchema,
  verificationLinkSchema,
} from '../../../domain/payouts/schemas';
import { adminOnly, requireRole, requireUser } from '../../platform/auth/guards';
import { ipLimit } from '../../platform/rate-limits';
import type { PayoutsService } from './payouts.service';
import { payoutsCsvFileName } from './payouts-csv';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const csvFile = {
  description: 'The list as CSV (UTF-8 with a byte-order mark)',
  content: { 'text/csv': { schema: z.any().meta({ type: 'string' }) } },
};

/** Payouts (issue 25 items 4, 5): the admins' payments panel and the contractor's own payouts. */
export function payoutsRoutes(service: PayoutsService): FastifyPluginAsyncZod {
  const contractorOnly = async (request: Parameters<typeof requireRole>[0]) => {
    requireRole(request, 'contractor');
  };
  return async (app) => {
    app.get(
      '/api/admin/payouts/totals',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'payouts'],
          summary:
            'Payments received, refunded and net (the Total Revenue), fees kept, payouts paid, pending and held, balances owed (admins only)',
          security: [{ session: [] }],
          response: { 200: payoutTotalsSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async () => service.totals(),
    );

    app.get(
      '/api/admin/payouts/:kind',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'payouts'],
          summary:
            'One page, newest first, of the payments received, the payouts (status, hold reason, last four) or the refunds; `nextCursor` gives the next (admins only)',
          security: [{ session: [] }],
          params: payoutListParamsSchema,
          querystring: payoutListQuerySchema,
          response: { 200: payoutListPageSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) => service.page(request.params.kind, request.query.cursor, request.query.limit),
    );

    app.get(
      '/api/admin/payouts/:kind/csv',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'payouts'],
          summary: 'The whole list of payments, payouts or refunds as a CSV download, streamed (admins only)',
          security: [{ session: [] }],
          params: payoutListParamsSchema,
          response: { 200: csvFile, ...errors, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        requireUser(request);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${payoutsCsvFileName(request.params.kind, new Date())}"`,
          )
          .header('cache-control', 'no-store');
        return reply.send(service.csv(request.params.kind));
      },
    );

    app.get(
      '/api/contractor/payouts',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: contractorOnly,
        schema: {
          tags: ['payouts'],
          summary:
            "The contractor's own payouts (newest 50: amount, project, status, hold reason, last four) and its revenue, paid net of refunds (contractors only)",
          security: [{ session: [] }],
          response: {
            200: myPayoutsSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => service.mine(requireUser(request)),
    );

    app.post(
      '/api/contractor/payouts/verification-link',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        onRequest: contractorOnly,
        schema: {
          tags: ['payouts'],
          summary:
            "With Stripe: a link to Stripe's page where the contractor finishes payout verification (what its connected account has due); 409 in the sandbox or without bank details (contractors only)",
          security: [{ session: [] }],
          body: verificationLinkBodySchema,
          response: {
            200: verificationLinkSchema,
            ...errors,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => service.verificationLink(requireUser(request)),
    );
  };
}
