import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/errors';
import { myQuotesResponseSchema } from '../../../domain/quotes/my-quotes';
import { requireUser } from '../../platform/auth/guards';
import { ipLimit } from '../../platform/rate-limits';
import type { MyQuotesService } from './my-quotes.service';

/** GET /api/quotes/mine: the signed-in person's quotes and reports (the homeowner dashboard). */
export function myQuotesRoutes(service: MyQuotesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/quotes/mine',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          tags: ['quotes'],
          summary: 'The quotes ordered with my confirmed e-mail (as requester or homeowner), newest first',
          description:
            'Submitted (or paid) quotes whose requester or homeowner e-mail is the signed-in account’s, once that address is confirmed; each with its report versions and their signed download links, and the project made from it. An unconfirmed account gets an empty list and the reason.',
          security: [{ session: [] }],
          response: {
            200: myQuotesResponseSchema,
            401: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.list(requireUser(request));
      },
    );
  };
}
