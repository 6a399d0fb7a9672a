import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  allMarkedReadSchema,
  markedReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationParamsSchema,
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
} from '../../../domain/notifications/schemas';
import { requireUser } from '../../platform/auth/guards';
import { ipLimit } from '../../platform/rate-limits';
import type { NotificationsService } from './notifications.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
};

/** The notification centre: every signed-in user's own notifications and mail preferences. */
export function notificationsRoutes(service: NotificationsService): FastifyPluginAsyncZod {
  /** Someone else's notification is a 404 before anything of the request is read (not a 400). */
  async function ownNotification(request: FastifyRequest): Promise<void> {
    const { id } = request.params as { id?: unknown };
    if (typeof id === 'string') await service.assertOwn(requireUser(request), id);
  }

  return async (app) => {
    app.get(
      '/api/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary:
            "The signed-in user's notifications, newest first, a page at a time, with the unread count",
          security: [{ session: [] }],
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema, ...errors },
        },
      },
      async (request) => service.list(requireUser(request), request.query),
    );

    app.post(
      '/api/notifications/read-all',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          tags: ['notifications'],
          summary: "Mark every one of the signed-in user's notifications read",
          security: [{ session: [] }],
          response: { 200: allMarkedReadSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) => service.markAllRead(requireUser(request)),
    );

    app.post(
      '/api/notifications/:id/read',
      {
        onRequest: ownNotification,
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          tags: ['notifications'],
          summary: "Mark one of the signed-in user's notifications read (anyone else's: 404)",
          security: [{ session: [] }],
          params: notificationParamsSchema,
          response: { 200: markedReadSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) => service.markRead(requireUser(request), request.params.id),
    );

    app.get(
      '/api/notifications/preferences',
      {
        schema: {
          tags: ['notifications'],
          summary:
            'Which kinds of notification are e-mailed to the signed-in user (the kinds their role receives)',
          security: [{ session: [] }],
          response: { 200: notificationPreferencesSchema, 401: errorResponseSchema },
        },
      },
      async (request) => service.preferences(requireUser(request)),
    );

    app.put(
      '/api/notifications/preferences',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          tags: ['notifications'],
          summary:
            'Choose which kinds are e-mailed: [{kind, mail}]; security e-mails cannot be turned off, new messages are never mailed (the digest is)',
          security: [{ session: [] }],
          body: updateNotificationPreferencesSchema,
          response: { 200: notificationPreferencesSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) => service.updatePreferences(requireUser(request), request.body),
    );
  };
}
