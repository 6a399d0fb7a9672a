import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractorProfileSchema } from '../../../domain/contractors/profile';
import { errorResponseSchema } from '../../../domain/errors';
import { requireUser } from '../../platform/auth/guards';
import type { ContractorsService } from './contractors.service';

/** The contractor's own profile call (until services.ts builds the service once). */

export function contractorsRoutes(service: ContractorsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/contractor/profile',
      {
        schema: {
          tags: ['contractors'],
          summary: "The signed-in user's own contractor profile (404 when they have none)",
          security: [{ session: [] }],
          response: { 200: contractorProfileSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => service.ownProfile(requireUser(request).id),
    );
  };
}
