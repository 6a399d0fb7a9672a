import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/errors';
import {
  createPushSubscriptionSchema,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushSubscriptionParamsSchema,
  vapidPublicKeySchema,
} from '../../../domain/push/schemas';
import { requireUser } from '../../platform/auth/guards';
import { ipLimit } from '../../platform/rate-limits';
import type { PushService } from './push.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const tags = ['push'];
const session = [{ session: [] }];

/** Web Push (issue 27 #4): the VAPID public key and the signed-in user's own subscribed devices. */
export function pushRoutes(service: PushService): FastifyPluginAsyncZod {
  /** Someone else's device is a 404 before anything of the request is read (not a 400). */
  async function ownDevice(request: FastifyRequest): Promise<void> {
    const { id } = request.params as { id?: unknown };
    if (typeof id === 'string') await service.assertOwn(requireUser(request), id);
  }

  return async (app) => {
    app.get(
      '/api/push/vapid-public-key',
      {
        schema: {
          operationId: 'getPushVapidPublicKey',
          tags,
          summary: "The server's VAPID public key (base64url), for the browser's pushManager.subscribe",
          response: { 200: vapidPublicKeySchema },
        },
      },
      async () => service.vapidPublicKey(),
    );

    app.get(
      '/api/push/subscriptions',
      {
        schema: {
          operationId: 'listPushSubscriptions',
          tags,
          summary: "The signed-in user's devices subscribed to push notifications",
          security: session,
          response: { 200: pushDeviceListSchema, 401: errorResponseSchema },
        },
      },
      async (request) => service.devices(requireUser(request)),
    );

    app.post(
      '/api/push/subscriptions',
      {
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          operationId: 'createPushSubscription',
          tags,
          summary:
            "Subscribe this browser to the signed-in user's push notifications (its PushSubscription JSON)",
          security: session,
          body: createPushSubscriptionSchema,
          response: { 201: pushDeviceSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const device = await service.subscribe(
          requireUser(request),
          request.body,
          request.headers['user-agent'],
        );
        return reply.code(201).send(device);
      },
    );

    app.delete(
      '/api/push/subscriptions/:id',
      {
        onRequest: ownDevice,
        config: { rateLimit: ipLimit(app, 'account') },
        schema: {
          operationId: 'deletePushSubscription',
          tags,
          summary: "Remove one of the signed-in user's devices from push notifications (anyone else's: 404)",
          security: session,
          params: pushSubscriptionParamsSchema,
          response: { 204: z.null().describe('Removed'), ...errors, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await service.remove(requireUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
