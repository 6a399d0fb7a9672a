import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  availableContractorsQuerySchema,
  availableContractorsSchema,
  contractorSummarySchema,
} from '../../../domain/search/contractors';
import { ipLimit } from '../../platform/rate-limits';
import type { SearchService } from './search.service';

export function searchRoutes(service: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/contractors/available',
      {
        config: { rateLimit: ipLimit(app, 'search') },
        schema: {
          tags: ['search'],
          summary: 'Verified contractors who serve a ZIP code, best rated first, then nearest',
          querystring: availableContractorsQuerySchema,
          response: { 200: availableContractorsSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request) => service.available(request.query),
    );

    app.get(
      '/api/contractors/:id/summary',
      {
        config: { rateLimit: ipLimit(app, 'search') },
        schema: {
          tags: ['search'],
          summary: "A verified contractor's name and place (the preferred contractor of an install request)",
          params: z.object({ id: z.string().max(100) }),
          response: { 200: contractorSummarySchema, 404: errorResponseSchema },
        },
      },
      async (request) => service.summary(request.params.id),
    );
  };
}
