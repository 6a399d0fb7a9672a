import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  jobPaymentIntentSchema,
  jobPaymentOutsideSchema,
  jobPaymentParamsSchema,
  jobPaymentPartParamsSchema,
  jobPaymentPayerSchema,
  jobPaymentRefundSchema,
  jobPaymentsSchema,
  projectJobPaymentParamsSchema,
} from '../../../domain/payments/job-payment-schemas';
import { adminOnly, requireUser } from '../../platform/auth/guards';
import { registerErrorFieldCopy } from '../../platform/errors';
import { ipLimit } from '../../platform/rate-limits';
import { sendStored } from '../projects';
import type { JobPaymentsService } from './job-payments.service';

const session = [{ session: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const projectParams = z.object({ id: z.string().max(100) });
const actorOf = (request: Parameters<typeof requireUser>[0]) => ({
  user: requireUser(request),
  ip: request.ip,
});

/**
 * The job's payments (issue 25 #3, #5): the parts of a project (its homeowner, its assigned
 * contractor, admins; 404 for anyone else), the homeowner's card intent, the receipts, and the
 * admins' outside payments, payers and refunds.
 */
export function jobPaymentsRoutes(service: JobPaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    registerErrorFieldCopy(app);
    const limit = { rateLimit: ipLimit(app, 'account') };
    // who may call is decided in onRequest, before any body is read
    const may =
      (roles: Parameters<JobPaymentsService['assertMay']>[2]) =>
      async (request: FastifyRequest): Promise<void> => {
        const { id } = request.params as { id?: unknown };
        await service.assertMay(requireUser(request), typeof id === 'string' ? id : '', roles);
      };
    const parties = may(['homeowner', 'contractor', 'admin']);

    app.get(
      '/api/projects/:id/payments',
      {
        onRequest: parties,
        schema: {
          tags: ['payments'],
          summary:
            "A project's two payments (first when work begins, final when the work is accepted): state, amounts in cents, receipts, refunds (its homeowner, its contractor, admins)",
          security: session,
          params: projectParams,
          response: { 200: jobPaymentsSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => service.view(requireUser(request), request.params.id),
    );

    app.post(
      '/api/projects/:id/payments/:part/intent',
      {
        onRequest: may(['homeowner']),
        config: limit,
        schema: {
          tags: ['payments'],
          summary:
            'The homeowner pays a due part by card: the PaymentIntent (client secret) for the card form; the same open intent is answered again',
          security: session,
          params: jobPaymentPartParamsSchema,
          response: { 200: jobPaymentIntentSchema, ...errors },
        },
      },
      async (request) => service.createIntent(requireUser(request), request.params.id, request.params.part),
    );

    app.get(
      '/api/projects/:id/payments/:jobPaymentId/receipt',
      {
        onRequest: parties,
        schema: {
          tags: ['payments'],
          summary:
            "A received part's receipt (PDF invoice marked paid): its homeowner, its contractor, admins",
          security: session,
          params: projectJobPaymentParamsSchema,
          response: {
            200: {
              description: 'The receipt (application/pdf)',
              content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
            },
            400: errorResponseSchema,
            401: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const file = await service.receipt(
          requireUser(request),
          request.params.id,
          request.params.jobPaymentId,
        );
        return sendStored(request, reply, file, 'inline');
      },
    );

    app.post(
      '/api/admin/projects/:id/payments/:part/outside',
      {
        onRequest: adminOnly,
        config: limit,
        schema: {
          tags: ['admin'],
          summary:
            "Records a part paid outside the card form (an insurer's cheque): amount in cents, reference, day received (admins only)",
          security: session,
          params: jobPaymentPartParamsSchema,
          body: jobPaymentOutsideSchema,
          response: { 200: jobPaymentsSchema, ...errors },
        },
      },
      async (request) =>
        service.recordOutside(actorOf(request), request.params.id, request.params.part, request.body),
    );

    app.patch(
      '/api/admin/projects/:id/payments/:part/payer',
      {
        onRequest: adminOnly,
        config: limit,
        schema: {
          tags: ['admin'],
          summary: 'Records who pays a part (name and e-mail), or null for the homeowner (admins only)',
          security: session,
          params: jobPaymentPartParamsSchema,
          body: jobPaymentPayerSchema,
          response: { 200: jobPaymentsSchema, ...errors },
        },
      },
      async (request) =>
        service.setPayer(actorOf(request), request.params.id, request.params.part, request.body),
    );

    app.post(
      '/api/admin/job-payments/:id/refunds',
      {
        onRequest: adminOnly,
        config: limit,
        schema: {
          tags: ['admin'],
          summary:
            'Refunds a received part, whole or in part, with a reason (never more than received minus refunded); the same requestId is the same refund (admins only)',
          security: session,
          params: jobPaymentParamsSchema,
          body: jobPaymentRefundSchema,
          response: { 200: jobPaymentsSchema, ...errors },
        },
      },
      async (request) => service.refund(actorOf(request), request.params.id, request.body),
    );
  };
}
