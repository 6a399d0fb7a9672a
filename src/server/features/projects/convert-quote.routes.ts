import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/errors';
import { convertQuoteResultSchema, convertQuoteSchema } from '../../../domain/projects/convert-quote';
import { bodyField, ipLimit, limitBy } from '../../platform/rate-limits';
import type { ConvertQuoteService } from './convert-quote.service';

export function convertQuoteRoutes(service: ConvertQuoteService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/homeowner/create-project',
      {
        config: { rateLimit: ipLimit(app, 'publicForm') },
        preHandler: limitBy(app, 'email', bodyField('email')),
        schema: {
          tags: ['projects'],
          summary: 'Turn a submitted quote into a pending project (201 created, 200 when it already has one)',
          body: convertQuoteSchema,
          response: {
            200: convertQuoteResultSchema,
            201: convertQuoteResultSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const result = await service.convert(request.body, { ip: request.ip });
        return reply.status(result.created ? 201 : 200).send(result);
      },
    );
  };
}
