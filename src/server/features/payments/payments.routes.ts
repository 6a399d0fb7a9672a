import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import { arrayPageQuerySchema } from '../../../domain/lists';
import {
  adminDiscountCodeListSchema,
  adminDiscountCodeSchema,
  createDiscountCodeSchema,
  discountCodeParamsSchema,
  paymentErrorSchema,
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
  stripeConfigResponseSchema,
  validateDiscountRequestSchema,
  validateDiscountResponseSchema,
} from '../../../domain/payments/schemas';
import { adminOnly, requireRole } from '../../platform/auth/guards';
import { registerErrorFieldCopy } from '../../platform/errors';
import { setNextLink } from '../../platform/link-header';
import { bodyField, ipLimit, limitBy } from '../../platform/rate-limits';
import type { DiscountCodesService } from './discount-codes.service';
import type { PaymentsService } from './payments.service';
import type { SandboxCheckoutService } from './sandbox-checkout.service';
import type { StripeWebhookService } from './stripe-webhook.service';

/** The payments services the routes call, each built once in services.ts. */
export interface PaymentsRouteServices {
  payments: PaymentsService;
  sandboxCheckout: SandboxCheckoutService;
  stripeWebhook: StripeWebhookService;
  discountCodes: DiscountCodesService;
}

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Payment routes: Stripe config, discount codes, the sandbox's card confirmation and Stripe's webhook. */
export function paymentsRoutes(services: PaymentsRouteServices): FastifyPluginAsyncZod {
  return async (app) => {
    registerErrorFieldCopy(app);

    app.get(
      '/api/stripe-config',
      {
        schema: {
          tags: ['payments'],
          summary: 'The publishable key and payment mode (sandbox when the server has no Stripe keys)',
          response: { 200: stripeConfigResponseSchema },
        },
      },
      async () => services.payments.stripeConfig(),
    );

    app.post(
      '/api/validate-discount',
      {
        config: { rateLimit: ipLimit(app, 'discountCheck') },
        schema: {
          tags: ['payments'],
          summary: 'Checks a discount code (upper-cased) against the base price',
          body: validateDiscountRequestSchema,
          response: {
            200: validateDiscountResponseSchema,
            400: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => services.payments.validateDiscount(request.body.code),
    );

    app.post(
      '/api/payments/sandbox/confirm',
      {
        config: { rateLimit: ipLimit(app, 'publicForm') },
        preHandler: limitBy(app, 'quote', bodyField('paymentIntentId')),
        schema: {
          tags: ['payments'],
          summary: 'Test mode only: confirms a PaymentIntent with a card, by Stripe test-card rules',
          description:
            '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (402). Card data is never stored: only brand and last four digits.',
          body: sandboxConfirmRequestSchema,
          response: {
            200: sandboxConfirmResponseSchema,
            400: errorResponseSchema,
            402: paymentErrorSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const result = await services.sandboxCheckout.confirmSandbox(request.body);
        if (result.ok) return result.response;
        return reply.status(402).send({
          message: result.message,
          error: result.message,
          code: result.code,
          declineCode: result.declineCode,
        });
      },
    );

    // Stripe signs the exact bytes it sent: this route alone reads its JSON body raw.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      webhook.post(
        '/api/stripe/webhook',
        {
          config: { rateLimit: ipLimit(app, 'webhook') },
          schema: {
            tags: ['payments'],
            summary: 'Stripe events; the Stripe-Signature header is verified with STRIPE_WEBHOOK_SECRET',
            response: { 200: z.object({ received: z.literal(true) }), 400: errorResponseSchema },
          },
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          await services.stripeWebhook.handleStripeWebhook(
            body,
            typeof signature === 'string' ? signature : undefined,
          );
          return { received: true as const };
        },
      );
    });

    app.get(
      '/api/admin/discount-codes',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Every discount code, newest first, 100 at most per answer: the next page is in the `Link` header (rel="next") (admins only)',
          security: [{ session: [] }],
          querystring: arrayPageQuerySchema,
          response: { 200: adminDiscountCodeListSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const page = await services.discountCodes.listDiscountCodes(request.query);
        setNextLink(request, reply, page.nextCursor);
        return page.items;
      },
    );

    app.post(
      '/api/admin/discount-codes',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Creates a discount code: amount (cents), percent or free (admins only)',
          security: [{ session: [] }],
          body: createDiscountCodeSchema,
          response: { 201: adminDiscountCodeSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const user = requireRole(request, 'admin');
        const created = await services.discountCodes.createDiscountCode(request.body, user.id);
        return reply.status(201).send(created);
      },
    );

    app.post(
      '/api/admin/discount-codes/:id/disable',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Disables a discount code (admins only)',
          security: [{ session: [] }],
          params: discountCodeParamsSchema,
          response: { 200: adminDiscountCodeSchema, ...adminErrors },
        },
      },
      async (request) => {
        const user = requireRole(request, 'admin');
        return services.discountCodes.disableDiscountCode(request.params.id, user.id);
      },
    );
  };
}
