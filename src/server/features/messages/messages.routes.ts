import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/errors';
import { idempotencyHeadersSchema } from '../../../domain/idempotency';
import { arrayPageQuerySchema } from '../../../domain/lists';
import {
  type Message,
  markMessageReadSchema,
  messageListSchema,
  messageParamsSchema,
  messageSchema,
  messagesOfUserParamsSchema,
  projectMessagesParamsSchema,
  sendMessageSchema,
  unreadCountsSchema,
} from '../../../domain/messages/schemas';
import { requireUser } from '../../platform/auth/guards';
import { setNextLink } from '../../platform/link-header';
import { ipLimit } from '../../platform/rate-limits';
import type { MessagesService } from './messages.service';

/** A device's key for a message it may send twice (a queue kept offline: docs/pwa.md). */
const messageKeyHeaders = idempotencyHeadersSchema(
  'Stores the message once: the same key and message again answer the first one (200); another message 422.',
);

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The messaging calls of spec 2 §7, and the unread counts of the dashboards. */
export function messagesRoutes(service: MessagesService): FastifyPluginAsyncZod {
  /** The message a PUT names, found before its body is read: someone else's is a 404, not a 400. */
  const received = new WeakMap<FastifyRequest, Message>();
  async function ownReceivedMessage(request: FastifyRequest): Promise<void> {
    const { id } = request.params as { id?: unknown };
    received.set(request, await service.received(requireUser(request), typeof id === 'string' ? id : ''));
  }

  return async (app) => {
    app.get(
      '/api/messages/user/:userId',
      {
        schema: {
          tags: ['messages'],
          summary:
            "A user's messages, sent and received (admins: anyone's): the newest 100 at most, oldest first; the older ones are in the `Link` header's next page (rel=\"next\")",
          security: [{ session: [] }],
          params: messagesOfUserParamsSchema,
          querystring: arrayPageQuerySchema,
          response: { 200: messageListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const page = await service.listForUser(requireUser(request), request.params.userId, request.query);
        setNextLink(request, reply, page.nextCursor);
        return page.items;
      },
    );

    app.get(
      '/api/projects/:id/messages',
      {
        schema: {
          tags: ['messages'],
          summary:
            "One project's conversation for its homeowner, its contractor or an admin: the viewer's messages of it (an admin: all), the newest 100 at most, oldest first; the older ones are in the `Link` header's next page (rel=\"next\")",
          security: [{ session: [] }],
          params: projectMessagesParamsSchema,
          querystring: arrayPageQuerySchema,
          response: { 200: messageListSchema, ...errors },
        },
      },
      async (request, reply) => {
        const page = await service.listForProject(requireUser(request), request.params.id, request.query);
        setNextLink(request, reply, page.nextCursor);
        return page.items;
      },
    );

    app.get(
      '/api/messages/unread',
      {
        schema: {
          tags: ['messages'],
          summary: "The signed-in user's unread messages, in all and per project",
          security: [{ session: [] }],
          response: { 200: unreadCountsSchema, 401: errorResponseSchema },
        },
      },
      async (request) => service.unreadCounts(requireUser(request)),
    );

    app.post(
      '/api/messages',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          tags: ['messages'],
          summary:
            "Send a message in a project's conversation: from the session's user to the project's other party (homeowner or assigned contractor)",
          description:
            'With an `Idempotency-Key` header (a message a device queued offline) the message is stored once: the same key and message again answer the first one (200) and tell nobody again; the key with another message 422.',
          security: [{ session: [] }],
          headers: messageKeyHeaders,
          body: sendMessageSchema,
          response: {
            200: messageSchema,
            201: messageSchema,
            ...errors,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { message, created } = await service.send(
          requireUser(request),
          request.body,
          request.headers['idempotency-key'],
        );
        return reply.code(created ? 201 : 200).send(message);
      },
    );

    app.put(
      '/api/messages/:id',
      {
        onRequest: ownReceivedMessage,
        schema: {
          tags: ['messages'],
          summary: 'Mark a received message read (its receiver only)',
          security: [{ session: [] }],
          params: messageParamsSchema,
          body: markMessageReadSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const message = received.get(request);
        if (!message) throw new Error('mark-read route without ownReceivedMessage');
        return service.markRead(requireUser(request), message);
      },
    );
  };
}
