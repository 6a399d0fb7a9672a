import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatContactSchema,
  contactListQuerySchema,
  contactMessageListSchema,
  contactSentSchema,
  emailContactSchema,
} from '../../../domain/contact/schemas';
import { errorResponseSchema } from '../../../domain/errors';
import { adminOnly } from '../../platform/auth/guards';
import { bodyField, ipLimit, limitBy } from '../../platform/rate-limits';
import type { ContactService } from './contact.service';

const sendErrors = { 400: errorResponseSchema, 429: errorResponseSchema };

export function contactRoutes(service: ContactService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/slack/contact',
      {
        // a person may send a few messages in a row; a script may not flood the support channel
        config: { rateLimit: ipLimit(app, 'publicForm') },
        preHandler: limitBy(app, 'email', bodyField('email')),
        schema: {
          tags: ['contact'],
          summary: 'Priority chat support: stored, then posted to the support chat (Slack) by a job',
          body: chatContactSchema,
          response: { 201: contactSentSchema, ...sendErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.sendChat(request.body, request.auth?.user.id)),
    );

    app.post(
      '/api/email/contact',
      {
        // a person may send a few messages in a row; a script may not flood the support channel
        config: { rateLimit: ipLimit(app, 'publicForm') },
        preHandler: limitBy(app, 'email', bodyField('email')),
        schema: {
          tags: ['contact'],
          summary: 'Email support: stored, then mailed to support with an acknowledgement to the sender',
          body: emailContactSchema,
          response: { 201: contactSentSchema, ...sendErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.sendEmail(request.body, request.auth?.user.id)),
    );

    app.get(
      '/api/admin/contact-messages',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin', 'contact'],
          summary: 'Stored contact messages with their delivery state, newest first (admins only)',
          security: [{ session: [] }],
          querystring: contactListQuerySchema,
          response: {
            200: contactMessageListSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
          },
        },
      },
      async (request) => service.list(request.query),
    );
  };
}
