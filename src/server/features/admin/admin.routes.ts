import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  outboxAttachmentParamsSchema,
  outboxListSchema,
  outboxQuerySchema,
} from '../../../domain/admin/outbox';
import { errorResponseSchema } from '../../../domain/errors';
import { adminOnly } from '../../platform/auth/guards';
import { setNextLink } from '../../platform/link-header';
import type { AdminService } from './admin.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export function adminRoutes(service: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/outbox',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary:
            'Stored mail, newest first, `limit` at most per answer: the next page is in the `Link` header (rel="next") (admins only)',
          security: [{ session: [] }],
          querystring: outboxQuerySchema,
          response: { 200: outboxListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const page = await service.listOutbox(request.query);
        setNextLink(request, reply, page.nextCursor);
        return page.items;
      },
    );

    app.get(
      '/api/admin/outbox/:id/attachments/:index',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'One attachment of a stored mail, as a download (admins only)',
          security: [{ session: [] }],
          params: outboxAttachmentParamsSchema,
          response: {
            200: {
              description: 'The file, with the content type it was stored with',
              content: {
                'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              },
            },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const file = await service.outboxAttachment(request.params.id, request.params.index);
        return reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('content-disposition', contentDisposition(file.filename))
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  };
}
