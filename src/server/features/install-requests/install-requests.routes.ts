import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  installRequestCreatedSchema,
  installRequestListQuerySchema,
  installRequestListSchema,
  installRequestProjectSchema,
  installRequestSchema,
} from '../../../domain/install-requests/schemas';
import { adminOnly } from '../../platform/auth/guards';
import type { Config } from '../../platform/config';
import { bodyField, ipLimit, limitBy } from '../../platform/rate-limits';
import type { InstallRequestsService } from './install-requests.service';

/** `config.publicUrl` makes the links of the mails sent on a request. */
export function installRequestsRoutes(
  service: InstallRequestsService,
  config: Pick<Config, 'publicUrl'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/homeowner/install-request',
      {
        config: { rateLimit: ipLimit(app, 'publicForm') },
        preHandler: limitBy(app, 'email', bodyField('email')),
        schema: {
          tags: ['install-requests'],
          summary:
            'Request an installation: stores it, links it to the homeowner account by e-mail, creates a pending project',
          body: installRequestSchema,
          response: { 201: installRequestCreatedSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const created = await service.submit(request.body, {
          baseUrl: config.publicUrl,
        });
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/admin/install-requests',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'install-requests'],
          summary: 'Stored installation requests with their projects, newest first (admins only)',
          security: [{ session: [] }],
          querystring: installRequestListQuerySchema,
          response: {
            200: installRequestListSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async (request) => service.list(request.query),
    );

    app.post(
      '/api/admin/install-requests/:id/project',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'install-requests'],
          summary:
            'Turn a stored request that has no project into a pending project for its homeowner, linked to it (admins only; 409 when it has one)',
          security: [{ session: [] }],
          params: z.object({ id: z.string().max(100) }),
          response: {
            201: installRequestProjectSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await service.createProject(request.params.id)),
    );
  };
}
